import { testOrderSchema } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../app/api/files';
import { pickingListIds } from './PickingListPage';
import { testOrderInput } from './TestOrderDialog';

describe('orders tools', () => {
  it('reads the picking list ids from the path: positive integers, once each, at most 200', () => {
    expect(pickingListIds('3,1,3, 2')).toEqual(['3', '1', '2']);
    expect(pickingListIds('1,abc,-2,0,,5')).toEqual(['1', '5']);
    expect(pickingListIds(undefined)).toEqual([]);
    expect(pickingListIds(Array.from({ length: 250 }, (_, i) => i + 1).join(','))).toHaveLength(200);
  });

  it('sends the test order form as the domain schema reads it; an empty price stays invalid', () => {
    const input = testOrderInput('ADDRESS', 'A', [{ title: 'Míč', quantity: '2', price: 10.5 }]);
    expect(testOrderSchema.parse(input)).toEqual({
      deliveryType: 'ADDRESS',
      paymentType: 'A',
      items: [{ title: 'Míč', quantity: 2, price: 10.5 }],
    });
    expect(
      testOrderSchema.safeParse(testOrderInput('ADDRESS', 'B', [{ title: 'x', quantity: 1, price: '' }])).success,
    ).toBe(false);
  });

  it('names a download by the UTF-8 file name of its header', () => {
    expect(fileNameOf(`attachment; filename="dodaci-list-1.pdf"; filename*=UTF-8''dodac%C3%AD-list-1.pdf`, 'x')).toBe(
      'dodací-list-1.pdf',
    );
    expect(fileNameOf('attachment; filename="labels.zpl"', 'x')).toBe('labels.zpl');
    expect(fileNameOf(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
