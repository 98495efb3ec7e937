import { Transform } from 'node:stream';
import { errorCodes, type FastifyRequest, type onSendHookHandler } from 'fastify';

/**
 * A refusal that leaves before its request's body was read (an upload cut off at its limit, or refused
 * before reading: no session, no permission) closes the connection. Otherwise the rest of the body sits
 * unread on a paused keep-alive socket: the client keeps sending into it and waits until the idle timeout
 * (72 s) drops it, so a quick 400 looked like a hang. Node closes the socket once the answer is written.
 */
export const closeUnreadUploadOnRefusal: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode >= 400 && declaresBody(request) && !bodyRead(request)) {
    reply.header('connection', 'close');
    // Pull what is already under way off the wire so the answer can be read; the close ends the rest.
    request.raw.resume();
  }
  done(null, payload);
};

function declaresBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

/** `complete` on a real socket; an injected request (tests) has only the stream's own end. */
function bodyRead(request: FastifyRequest): boolean {
  const raw = request.raw as typeof request.raw & { complete?: boolean };
  return raw.complete === true || raw.readableEnded;
}

/**
 * The content-type parser of a raw (non-multipart) upload: the body is handed on as a stream, never
 * buffered. A body declared larger than `maxBytes` is refused before a byte is read, and one that turns out
 * larger (chunked) fails its stream at the limit; both answer 413 REQUEST_BODY_SIZE_EXCEEDED.
 */
export function rawUploadParser(maxBytes: number) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    if (Number(request.headers['content-length']) > maxBytes) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    let bytes = 0;
    const limited = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        bytes += chunk.length;
        if (bytes > maxBytes) return next(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        next(null, chunk);
      },
    });
    payload.on('error', (error) => limited.destroy(error));
    payload.pipe(limited);
    done(null, limited);
  };
}
