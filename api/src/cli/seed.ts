// npm run seed -w @quarry/api
// Adds a demo account and demo data for what exists so far (credit requests in every
// status, feedback, a contact message). Idempotent: an existing demo account is left alone.
//   demo user:  demo@example.com / Quarry-Demo-2024!   (DEMO_EMAIL / DEMO_PASSWORD override)
import { PasswordHasher } from '../auth/passwords';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db';
import { contactMessages } from '../db/schema';
import { createCreditRequest, reviewCreditRequest } from '../modules/credits/service';
import { createFeedback } from '../modules/feedback/service';
import { seedDefaultResourceTypesOnce } from '../modules/resources/service';
import { createUser, findUserByEmail, upsertSuperuser } from '../modules/users/service';

export const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@example.com';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Quarry-Demo-2024!';
export const DEMO_ADMIN_EMAIL = process.env.DEMO_ADMIN_EMAIL ?? 'demo-admin@example.com';
export const DEMO_ADMIN_PASSWORD = process.env.DEMO_ADMIN_PASSWORD ?? 'Quarry-Admin-2024!';

const DESCRIPTION =
  'Extracting invoice line items from scanned supplier PDFs for our quarterly accounting close.';

export async function seedDemo(db: Db, hasher: PasswordHasher, initialCredits: number): Promise<string[]> {
  const log: string[] = [];
  await seedDefaultResourceTypesOnce(db);
  if (await findUserByEmail(db, DEMO_EMAIL)) {
    log.push(`Demo user ${DEMO_EMAIL} already exists: nothing to do.`);
    return log;
  }
  const demo = await createUser(db, {
    email: DEMO_EMAIL,
    passwordHash: await hasher.hash(DEMO_PASSWORD),
    fullName: 'Demo User',
    isVerified: true,
    initialCredits,
  });
  const existingAdmin = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
  const admin =
    existingAdmin ??
    (
      await upsertSuperuser(db, {
        email: DEMO_ADMIN_EMAIL,
        passwordHash: await hasher.hash(DEMO_ADMIN_PASSWORD),
        resetPassword: false,
        initialCredits,
      })
    ).user;

  const approved = await createCreditRequest(db, demo.id, {
    amount: 500,
    usage_purpose: 'data_extraction',
    project_description: DESCRIPTION,
    feedback: null,
    urgency: 'normal',
    expected_duration: '1-month',
  });
  await reviewCreditRequest(db, approved.id, admin.id, { status: 'approved', admin_notes: 'Welcome aboard!' });
  const rejected = await createCreditRequest(db, demo.id, {
    amount: 10000,
    usage_purpose: 'testing_evaluation',
    project_description: `${DESCRIPTION} We would like to evaluate every document type at once.`,
    feedback: 'Great product so far.',
    urgency: 'high',
    expected_duration: 'ongoing',
  });
  await reviewCreditRequest(db, rejected.id, admin.id, {
    status: 'rejected',
    admin_notes: 'Please start with a smaller amount and ask again when you need more.',
  });
  await createCreditRequest(db, demo.id, {
    amount: 250,
    usage_purpose: 'research_project',
    project_description: `${DESCRIPTION} Second batch: historical archive from 2019 to 2021.`,
    feedback: null,
    urgency: 'low',
    expected_duration: '2-weeks',
  });
  for (const [category, message] of [
    ['feature', 'It would be great to export extraction results as CSV.'],
    ['bug', 'The upload progress bar sometimes stops at 99% although the upload completed.'],
    ['improvement', 'Dark mode contrast on the files table could be a bit higher.'],
    ['other', 'Thanks for the quick support last week!'],
  ] as const) {
    await createFeedback(db, demo.id, { category, message, url: '/files', user_agent: 'seed' });
  }
  await db.insert(contactMessages).values({
    name: 'Demo Visitor',
    email: 'visitor@example.com',
    message: 'Do you offer discounts for non-profit organisations?',
    contactType: 'support',
  });
  log.push(`Demo user ${DEMO_EMAIL} / ${DEMO_PASSWORD} created with 3 credit requests and 4 feedback messages.`);
  log.push(
    existingAdmin
      ? `Reviews were made by the existing account ${DEMO_ADMIN_EMAIL}.`
      : `Demo superuser ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD} created (reviewer of the demo requests).`,
  );
  return log;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const lines = await seedDemo(database.db, new PasswordHasher(config.argon2), config.initialCreditBalance);
    for (const l of lines) console.log(l);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
