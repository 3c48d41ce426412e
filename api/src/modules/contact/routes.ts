// POST contact: public contact form, stored; rate limited per address.
import { ContactCreateSchema, ContactResponseSchema } from '@quarry/shared/schemas';
import { contactMessages } from '../../db/schema';
import { RateLimiter } from '../../lib/rate-limit';
import { errorResponses } from '../../lib/openapi';
import type { App } from '../../types';

export default async function contactRoutes(app: App) {
  const { contactPerIp, contactWindowSeconds } = app.config.rateLimits;
  const limiter = new RateLimiter(contactPerIp, contactWindowSeconds * 1000);

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact form (public)',
        body: ContactCreateSchema,
        response: { 201: ContactResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (req, reply) => {
      limiter.consume(`ip:${req.ip}`, 'Too many messages sent. Please wait before trying again.');
      const ua = req.headers['user-agent'];
      const [row] = await app.database.db
        .insert(contactMessages)
        .values({
          name: req.body.name,
          email: req.body.email.toLowerCase(),
          message: req.body.message,
          contactType: req.body.contactType,
          ip: req.ip,
          userAgent: typeof ua === 'string' ? ua.slice(0, 1024) : null,
        })
        .returning();
      return reply.code(201).send({
        id: row!.id,
        message: "Message sent successfully! We'll get back to you soon.",
        created_at: row!.createdAt.toISOString(),
      });
    },
  );
}
