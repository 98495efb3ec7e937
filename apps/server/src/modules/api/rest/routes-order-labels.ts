import { v1LabelsBody } from '@pp/domain';
import { orderLabels } from '../../orders/labels';
import { v1Labels } from './orders-wire';
import { v1Route } from './route';

/**
 * `POST /v1/orders/labels`: the parcel labels of the chosen orders, drawn by the orders grid's own label print
 * (the same consignment rules: an order not ready refuses the whole print, naming it), answered as the
 * marketplace's client reads them: each order's parcel barcodes and the file itself as base64.
 */
const labels = v1Route({
  method: 'POST',
  path: '/orders/labels',
  summary:
    'Parcel labels of orders as a PDF or ZPL file (labels_raw, base64) with the barcode of each parcel. ' +
    'parcel_count, when given, is the number of parcels of the order for this print (else the order’s own)',
  tag: 'Orders',
  body: v1LabelsBody,
  data: v1Labels,
  async handler(ctx, { body }) {
    const parcelCounts = new Map<number, number>();
    for (const label of body.labels) if (label.parcel_count) parcelCounts.set(label.order_id, label.parcel_count);
    const file = await orderLabels(
      ctx,
      {
        orderIds: body.labels.map((l) => l.order_id),
        format: body.labels_type,
        labelsPerPage: body.labels_per_page,
        firstPosition: body.first_position,
      },
      { parcelCounts },
    );
    const raw = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : Buffer.from(file.body);
    return {
      data: {
        orders: file.orders.map((o) => ({ order_id: o.orderId, barcodes: o.barcodes })),
        labels_raw: raw.toString('base64'),
      },
    };
  },
});

export const ORDER_LABEL_ROUTES = [labels];
