import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, one per request instead of two: nothing when a request arrives, and when it is
 * answered its method and URL (the request serializer redacts secrets, server/logging.ts), status and time on one
 * line, at `error` when the answer failed. Every other line of Fastify's stays as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
