import { ApiError, toApiError } from '../../../app/api/apiError';
import { APPLICATION_NAME } from '../../../app/api/client';
import { currentLanguage } from '../../../app/i18n/i18n';
import { sessionStore } from '../../../app/session/sessionStore';
import { graphql, type ResultOf } from '../../../graphql/graphql';

const ImportFields = graphql(`
  fragment CampaignImportFields on CampaignImport @_unmask {
    id
    campaignId
    status
    fileName
    productsCount
    errorsCount
    confirmCount
    fileError
    fileErrorMessage
    allowToImport
    createdAt
    finishedAt
  }
`);

export const CampaignLastImportQuery = graphql(
  `
  query CampaignLastImport($campaignId: ID!) {
    campaignLastImport(campaignId: $campaignId) { ...CampaignImportFields }
  }
`,
  [ImportFields],
);

export const CampaignImportsQuery = graphql(
  `
  query CampaignImports($campaignId: ID!, $grid: GridInput) {
    campaignImports(campaignId: $campaignId, grid: $grid) {
      items { ...CampaignImportFields }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`,
  [ImportFields],
);

export const CampaignImportErrorsQuery = graphql(`
  query CampaignImportErrors($importId: ID!, $grid: GridInput) {
    campaignImportErrors(importId: $importId, grid: $grid) {
      items { id line articleId type data message }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type CampaignImportData = ResultOf<typeof ImportFields>;
export type CampaignImportErrorData = ResultOf<
  typeof CampaignImportErrorsQuery
>['campaignImportErrors']['items'][number];

/** The answer of POST /portal/campaign-import and of POST /portal/allow-process-campaign-import (202). */
export interface CampaignImportAnswer {
  importId: string;
  status: string;
}

/** The data of an `update_campaign` event an import sends. */
export interface CampaignImportEvent {
  id: number;
  importId?: string;
  status?: string;
  processed?: number;
}

/**
 * POST /portal/allow-process-campaign-import (JSON): the partner's answer to a CONFIRM import. app/api/files.ts
 * has no JSON call that answers JSON; this one sends the same session headers (kept private there).
 */
export async function allowProcessCampaignImport(body: {
  importId: string;
  partnerId: string;
  campaignId: string;
  status: string;
  allowToImport: boolean;
}): Promise<CampaignImportAnswer> {
  let response: Response;
  try {
    response = await fetch('/portal/allow-process-campaign-import', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sessionHeaders() },
      body: JSON.stringify({ ...body, partnerId: Number(body.partnerId), campaignId: Number(body.campaignId) }),
    });
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', '');
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && answer) return answer as unknown as CampaignImportAnswer;
  if (answer && typeof answer.code === 'string')
    throw toApiError(
      [{ message: answer.message, extensions: { code: answer.code, fields: answer.fields } }],
      response.status,
    );
  throw new ApiError(response.status === 401 ? 'UNAUTHORIZED' : 'UNKNOWN', '', [], response.status);
}

function sessionHeaders(): Record<string, string> {
  const { token, partnerId } = sessionStore.get();
  return {
    'x-application-name': APPLICATION_NAME,
    'accept-language': currentLanguage(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(partnerId ? { 'x-partner-id': partnerId } : {}),
  };
}

/**
 * POST /portal/campaign-import (multipart: campaignId, then the file) with the upload's progress in percent:
 * fetch cannot tell how much of a body has left, an XMLHttpRequest can. Refusals as ApiError, as every call.
 */
export function uploadCampaignFile(
  campaignId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<CampaignImportAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('campaignId', campaignId);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/portal/campaign-import');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    xhr.onerror = () => reject(new ApiError('SERVICE_UNAVAILABLE', ''));
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as unknown as CampaignImportAnswer);
      else if (body && typeof body.code === 'string')
        reject(
          toApiError([{ message: body.message, extensions: { code: body.code, fields: body.fields } }], xhr.status),
        );
      else reject(new ApiError(xhr.status === 401 ? 'UNAUTHORIZED' : 'UNKNOWN', '', [], xhr.status));
    };
    xhr.send(form);
  });
}
