import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngOf, postForm, solidJpegOf } from '../../modules/partner/test-uploads';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import {
  IMAGE_WORK_QUEUE_PER_PARTNER,
  IMAGE_WORK_SLOTS,
  imageWorkState,
  nextImageWorkChange,
  runImageWork,
} from './image-work';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  czToken = (await server.login('partner@demo.test')).token;
  // multi@ is master of the Slovak partner.
  skToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

function attach(body: Buffer, as: { token: string; partnerId: number }, fileName = 'photo.jpg') {
  const form = multipartBody({}, { body, fileName, contentType: 'image/jpeg' });
  return postForm(server, '/api/messages/attachments', form, as);
}

/** Waits for the limiter to reach a state: woken by its own changes, never by a clock. */
async function until(reached: (state: ReturnType<typeof imageWorkState>) => boolean): Promise<void> {
  while (!reached(imageWorkState())) await nextImageWorkChange();
}

describe('image work', () => {
  it('lets a bystander sign in while pictures of two partners wait for their decode slots', async () => {
    // 25 megapixels of one colour: light to send, a full decode of every pixel to check.
    const photo = await solidJpegOf(5000, 5000);
    const uploads = [
      ...Array.from({ length: 4 }, () => attach(photo, { token: czToken, partnerId: cz })),
      ...Array.from({ length: 4 }, () => attach(photo, { token: skToken, partnerId: sk })),
    ];
    await until((state) => state.queued >= 2);
    // The sign-in's password check needs a thread of the pool the decodes run on: it gets one at once.
    const bystander = await server.login('admin@demo.test');
    expect(bystander.token).toBeTruthy();
    const state = imageWorkState();
    expect(state.active + state.queued, 'pictures still being checked when the sign-in finished').toBeGreaterThan(0);
    const answers = await Promise.all(uploads);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    // Never more decodes at once than the slots, however many uploads arrive together.
    expect(imageWorkState().peakActive).toBeLessThanOrEqual(IMAGE_WORK_SLOTS);
  });

  it("queues a partner's pictures behind its own, lets another partner's through, and refuses past its queue", async () => {
    const png = await pngOf(400, 300);
    // The Czech partner's slot is busy (as with one very slow picture) until the test lets it go.
    let release!: () => void;
    const busy = runImageWork(cz, () => new Promise<void>((resolve) => (release = resolve)));
    await until((state) => state.active >= 1);
    const refusedBefore = imageWorkState().refused;
    const burst = Array.from({ length: IMAGE_WORK_QUEUE_PER_PARTNER + 1 }, () =>
      attach(png, { token: czToken, partnerId: cz }, 'screen.png'),
    );
    await until((state) => state.queued >= IMAGE_WORK_QUEUE_PER_PARTNER && state.refused > refusedBefore);
    // Another partner's picture does not wait behind the Czech burst.
    const other = await attach(png, { token: skToken, partnerId: sk }, 'screen.png');
    expect(other.statusCode).toBe(200);
    expect(imageWorkState().queued).toBe(IMAGE_WORK_QUEUE_PER_PARTNER);
    release();
    await busy;
    const answers = await Promise.all(burst);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(IMAGE_WORK_QUEUE_PER_PARTNER).fill(200), 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });
});
