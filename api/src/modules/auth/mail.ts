// Outgoing mail (the password-reset link). With SMTP_URL set, mail goes through that server
// (nodemailer). Without one there is nowhere to send it: the message is written to the API
// log and kept in mail_outbox, where superusers read it in the admin messages, so a
// self-hosted install without a mail server can still hand a user their link.
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db';
import { mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export class Mailer {
  private transport: Transporter | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl: string | null; from: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  get delivers(): boolean {
    return this.options.smtpUrl !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.options.smtpUrl) {
      // loaded on first use: most servers send no mail, and nodemailer is slow to load
      const { default: nodemailer } = await import('nodemailer');
      this.transport ??= nodemailer.createTransport(this.options.smtpUrl);
      await this.transport.sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text });
      return;
    }
    // no SMTP server: the log line and the outbox are the delivery
    this.log.warn({ to: mail.to, subject: mail.subject }, `mail not sent (SMTP_URL is not set):\n${mail.text}`);
    await this.db.insert(mailOutbox).values({ toEmail: mail.to, subject: mail.subject, body: mail.text });
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

export async function recentOutbox(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
