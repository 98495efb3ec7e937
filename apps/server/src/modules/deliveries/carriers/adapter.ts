/**
 * What the portal needs of a carrier's API, whatever the carrier (issue 19 point 6): register a consignment
 * for an order, export (hand over) registered consignments, the data a label carries, and tracking. The
 * Ulozenka client implements it (ulozenka.ts); a test runs it against a loopback fake of Ulozenka's API
 * (fake-ulozenka.ts), and any other carrier's client would implement the same interface.
 */

export interface ConsignmentRequest {
  /** Our order id, sent as the consignment's reference. */
  orderId: number;
  /** The marketplace's purchase number, printed for the customer. */
  purchaseId: string | null;
  recipient: {
    name: string;
    phone: string | null;
    email: string | null;
    street: string | null;
    city: string | null;
    zip: string | null;
    country: string | null;
  };
  /** The carrier's branch code for a pickup-point delivery; null for a delivery to the address. */
  branchCode: string | null;
  /** Cash on delivery to collect, in `currency`; null when prepaid. */
  cod: number | null;
  currency: string;
  parcels: number;
  weightKg: number | null;
}

export interface RegisteredConsignment {
  consignmentId: string;
  trackingNumber: string | null;
}

export interface ConsignmentExport {
  /** The carrier's id of the hand-over (the list the driver signs). */
  exportId: string;
  consignmentIds: string[];
}

export interface LabelData {
  consignmentId: string;
  /** What the barcode encodes. */
  barcode: string;
  /** The carrier's sorting code (depot, route). */
  routing: string | null;
}

export interface TrackingEvent {
  status: string;
  at: string;
  place: string | null;
}

export interface CarrierAdapter {
  /** The carrier's code in carrier_consignments. */
  readonly carrier: string;
  register(request: ConsignmentRequest): Promise<RegisteredConsignment>;
  export(consignmentIds: readonly string[]): Promise<ConsignmentExport>;
  labelData(consignmentId: string): Promise<LabelData>;
  tracking(consignmentId: string): Promise<TrackingEvent[]>;
}

/**
 * A carrier call that did not succeed: `refused` (the carrier answered with an error, `carrierCode` its own
 * code), `unavailable` (no answer, a 5xx, an unreadable answer) or `timeout` (no answer within the deadline).
 */
export class CarrierFailure extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'timeout',
    readonly status: number | null = null,
    readonly carrierCode: string | null = null,
  ) {
    super(`carrier call ${kind}${status ? ` (HTTP ${status})` : ''}${carrierCode ? `: ${carrierCode}` : ''}`);
  }
}
