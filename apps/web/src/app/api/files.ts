import { isAbortError, ApiError, toApiError } from './apiError';
import { APPLICATION_NAME } from './client';
import { currentLanguage } from '../i18n/i18n';
import { sessionStore } from '../session/sessionStore';

/** The headers GraphQL calls carry, for the REST calls the spec names (uploads, imports, exports, labels, files). */
function sessionHeaders(): Record<string, string> {
  const { token, partnerId } = sessionStore.get();
  return {
    'x-application-name': APPLICATION_NAME,
    'accept-language': currentLanguage(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(partnerId ? { 'x-partner-id': partnerId } : {}),
  };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { ...sessionHeaders(), ...(init.headers ?? {}) } });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError('SERVICE_UNAVAILABLE', '');
  }
  if (response.ok) return response;
  // REST refusals have the catalogue shape: { code, message, fields }.
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
  } | null;
  if (body && typeof body.code === 'string') {
    throw toApiError(
      [{ message: body.message, extensions: { code: body.code, fields: body.fields } }],
      response.status,
    );
  }
  throw new ApiError(response.status === 401 ? 'UNAUTHORIZED' : 'UNKNOWN', '', [], response.status);
}

/** The file name a download names in its Content-Disposition (the UTF-8 form when given). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Posts JSON and downloads the file the server answers with (labels). */
export async function postForFile(url: string, body: unknown, fallbackName: string): Promise<string> {
  const response = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveFile(await response.blob(), name);
  return name;
}

/** Downloads a stored file (`/api/files/{id}`) with the session's headers. */
export async function downloadStoredFile(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { method: 'GET' });
  saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

/**
 * Uploads one file as multipart form data and reads the JSON answer. Text `fields` go before the file, so
 * the server reads them before it streams the file.
 */
export async function uploadFile<T>(
  url: string,
  file: File,
  signal?: AbortSignal,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const response = await send(url, { method: 'POST', body: form, signal });
  return (await response.json()) as T;
}
