import { ApiError } from '../../../app/api/apiError';
import { createApiClient } from '../../../app/api/client';
import { currentLanguage } from '../../../app/i18n/i18n';
import { sessionStore } from '../../../app/session/sessionStore';
import {
  type ProductDetail,
  ProductCreateMutation,
  type ProductInputVariables,
  ProductUpdateMutation,
} from './operations';

/** The server refused a price change over 30 % until it is confirmed with the token it gave. */
export class PriceConfirmationNeeded extends Error {
  constructor(
    readonly forceToken: string,
    readonly percent: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PriceConfirmationNeeded';
  }
}

/** The confirmation a refusal carries: the token and the percent, from `extensions.params` (or beside the code). */
export function priceConfirmationOf(body: unknown): { forceToken: string; percent: number | null } | null {
  const errors = (body as { errors?: { extensions?: Record<string, unknown> }[] } | null)?.errors;
  const extensions = errors?.[0]?.extensions;
  if (extensions?.code !== 'MPAPI_PRICE_DIFFERENCE_VALIDATION') return null;
  const params = (extensions.params ?? extensions) as Record<string, unknown>;
  if (typeof params.forceToken !== 'string' || params.forceToken === '') return null;
  const percent = Number(params.percent);
  return { forceToken: params.forceToken, percent: Number.isFinite(percent) ? percent : null };
}

/**
 * The app's client keeps only the code, message and field issues of an error; the price confirmation
 * also needs the token of `extensions`, so saving reads the answer once more on its way through.
 */
function saveClient() {
  let lastBody: unknown = null;
  const client = createApiClient({
    getToken: () => sessionStore.get().token,
    getPartnerId: () => sessionStore.get().partnerId,
    getLanguage: currentLanguage,
    // The app's own client notices an ended session on its next call (the session check runs on a timer).
    onSessionEnd: () => {},
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      lastBody = await response
        .clone()
        .json()
        .catch(() => null);
      return response;
    },
  });
  return { client, lastBody: () => lastBody };
}

export async function saveProduct(
  data: ProductInputVariables,
  existingId: string | null,
  forceToken: string | null,
): Promise<ProductDetail> {
  const { client, lastBody } = saveClient();
  try {
    if (existingId === null) return (await client.request(ProductCreateMutation, { data })).productCreate;
    return (await client.request(ProductUpdateMutation, { productId: existingId, data, forceToken })).productUpdate;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'MPAPI_PRICE_DIFFERENCE_VALIDATION') {
      const confirmation = priceConfirmationOf(lastBody());
      if (confirmation) throw new PriceConfirmationNeeded(confirmation.forceToken, confirmation.percent, error.message);
    }
    throw error;
  }
}
