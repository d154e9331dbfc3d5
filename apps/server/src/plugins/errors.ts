// One JSON error shape for every failure: { error: { code, message } }, carrying the spec's message.
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@zan/core';
import { AppError, validationMessage } from '../errors.ts';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) void reply.header(name, value);
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = validationMessage(err.validation[0]?.message);
      return reply.status(400).send({ error: { code: 'VALIDATION', message } });
    }
    const status =
      typeof (err as { statusCode?: number }).statusCode === 'number'
        ? (err as { statusCode: number }).statusCode
        : 500;
    if (status === 429) {
      return reply.status(429).send({
        error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' },
      });
    }
    if (status >= 400 && status < 500) {
      const e = err as { code?: string; message?: string };
      return reply
        .status(status)
        .send({ error: { code: e.code ?? 'BAD_REQUEST', message: e.message ?? 'Invalid request.' } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: MSG.unexpected } });
  });
}
