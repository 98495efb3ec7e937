import { ApiError, toApiError } from '../../app/api/apiError';
import { APPLICATION_NAME } from '../../app/api/client';
import { currentLanguage } from '../../app/i18n/i18n';
import { sessionStore } from '../../app/session/sessionStore';

export interface UploadedAttachment {
  id: string;
  name: string;
  size: number;
}

/** Where the partner's people upload; operators upload into the conversation they answer. */
export const PARTNER_UPLOAD_URL = '/api/messages/attachments';
export const cockpitUploadUrl = (conversationId: string) => `/api/cockpit/messages/${conversationId}/attachments`;

/**
 * One attachment as multipart form data. XMLHttpRequest rather than fetch: only it reports upload progress,
 * which a 10 MB file on a slow line needs. The session headers are the ones GraphQL calls send.
 */
export function uploadAttachment(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadedAttachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const { token, partnerId } = sessionStore.get();
    xhr.setRequestHeader('x-application-name', APPLICATION_NAME);
    xhr.setRequestHeader('accept-language', currentLanguage());
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (partnerId) xhr.setRequestHeader('x-partner-id', partnerId);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as unknown as UploadedAttachment);
      if (body && typeof body.code === 'string') {
        return reject(
          toApiError([{ message: body.message, extensions: { code: body.code, fields: body.fields } }], xhr.status),
        );
      }
      reject(new ApiError(xhr.status === 413 ? 'MESSAGE_ATTACHMENT_TOO_LARGE' : 'UNKNOWN', '', [], xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('SERVICE_UNAVAILABLE', ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
