import {
  type CarrierAdapter,
  CarrierFailure,
  type ConsignmentExport,
  type ConsignmentRequest,
  type LabelData,
  type RegisteredConsignment,
  type TrackingEvent,
} from './adapter';

export interface UlozenkaSettings {
  /** The API's base address (ULOZENKA_URL), e.g. https://api.ulozenka.cz. */
  url: string;
  shopId: string;
  apiKey: string;
  timeoutMs: number;
}

/** The carrier code consignments of Ulozenka are kept under. */
export const ULOZENKA = 'ULOZENKA';

/**
 * Ulozenka's consignment API (v3, JSON): POST /v3/consignments registers one, POST /v3/consignments/export
 * hands a list over, GET /v3/consignments/{id}/label-data and /tracking read one. The shop and key travel
 * as X-Shop and X-Key headers. An answer's errors come as { errors: [{ code, description }] }; only the code
 * is kept (the description may quote the customer's data).
 */
export function ulozenkaAdapter(settings: UlozenkaSettings): CarrierAdapter {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-shop': settings.shopId,
          'x-key': settings.apiKey,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      throw new CarrierFailure(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unavailable');
    }
    type Answer = { data?: T; errors?: { code?: unknown }[] };
    const answer = (await response.json().catch((error: { name?: string }) => {
      if (error.name === 'TimeoutError' || error.name === 'AbortError') {
        throw new CarrierFailure('timeout', response.status);
      }
      return null;
    })) as Answer | null;
    if (response.status >= 500 || (response.ok && (answer === null || answer.data === undefined))) {
      throw new CarrierFailure('unavailable', response.status);
    }
    if (!response.ok) {
      const code = answer?.errors?.[0]?.code;
      throw new CarrierFailure('refused', response.status, typeof code === 'string' ? code.slice(0, 60) : null);
    }
    return answer!.data as T;
  }

  return {
    carrier: ULOZENKA,
    async register(request: ConsignmentRequest): Promise<RegisteredConsignment> {
      const data = await call<{ id: string | number; tracking_number?: string | null }>('POST', '/v3/consignments', {
        reference: String(request.orderId),
        order_number: request.purchaseId,
        customer_name: request.recipient.name,
        customer_phone: request.recipient.phone,
        customer_email: request.recipient.email,
        address: {
          street: request.recipient.street,
          town: request.recipient.city,
          zip: request.recipient.zip,
          country: request.recipient.country,
        },
        destination_branch_id: request.branchCode,
        cash_on_delivery: request.cod,
        currency: request.currency,
        parcel_count: request.parcels,
        weight: request.weightKg,
      });
      if (data?.id === undefined || data.id === null) throw new CarrierFailure('unavailable');
      return { consignmentId: String(data.id), trackingNumber: data.tracking_number ?? null };
    },
    async export(consignmentIds: readonly string[]): Promise<ConsignmentExport> {
      const data = await call<{ id: string | number; consignments: (string | number)[] }>(
        'POST',
        '/v3/consignments/export',
        { consignments: consignmentIds },
      );
      return { exportId: String(data.id), consignmentIds: (data.consignments ?? []).map(String) };
    },
    async labelData(consignmentId: string): Promise<LabelData> {
      const data = await call<{ barcode: string; routing?: string | null }>(
        'GET',
        `/v3/consignments/${encodeURIComponent(consignmentId)}/label-data`,
      );
      return { consignmentId, barcode: String(data.barcode), routing: data.routing ?? null };
    },
    async tracking(consignmentId: string): Promise<TrackingEvent[]> {
      const data = await call<{ status: string; date: string; place?: string | null }[]>(
        'GET',
        `/v3/consignments/${encodeURIComponent(consignmentId)}/tracking`,
      );
      return (data ?? []).map((e) => ({ status: String(e.status), at: String(e.date), place: e.place ?? null }));
    },
  };
}
