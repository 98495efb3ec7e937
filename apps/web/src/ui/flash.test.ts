import { describe, expect, it } from 'vitest';
import { enqueueFlash, FLASH_QUEUE_SIZE, type Flash } from './flash';

describe('flash queue', () => {
  it('keeps the newest three messages', () => {
    let queue: Flash[] = [];
    for (let id = 1; id <= 5; id++) queue = enqueueFlash(queue, { id, kind: 'success', message: `m${id}` });
    expect(FLASH_QUEUE_SIZE).toBe(3);
    expect(queue.map((f) => f.id)).toEqual([3, 4, 5]);
  });
});
