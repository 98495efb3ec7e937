import { CONVERSATION_SUBJECT_MAX, MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_BODY_MAX } from '@pp/domain';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket, type StreamSocket } from '../../test/stream-socket';
import { bigJpegHeaderOf, bombXlsxOf, docxOf, multipartBody, postForm } from '../partner/test-uploads';

/**
 * The messages area over the real server and database: conversations of a partner with the marketplace's
 * departments, attachments judged by their content, the operators' answers from the cockpit and the live
 * events both ways.
 */
let server: TestServer;
let cz: number;
let sk: number;
let partner: string;
let multi: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partner = (await server.login('partner@demo.test')).token;
  multi = (await server.login('multi@demo.test')).token;
  admin = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const THREAD = `id partnerId subject department state closedAt
  messages { id body fromOperator authorName openedAt openedByName attachments { id name size contentType url } }`;

interface Thread {
  id: string;
  partnerId: number;
  subject: string;
  department: string;
  state: string;
  closedAt: string | null;
  messages: {
    id: string;
    body: string;
    fromOperator: boolean;
    authorName: string | null;
    openedAt: string | null;
    openedByName: string | null;
    attachments: { id: string; name: string; size: number; contentType: string; url: string }[];
  }[];
}

type As = { token?: string; partnerId?: number };

async function send(data: Record<string, unknown>, as: As = {}) {
  return server.gql<{ messageSend: Thread }>(
    `mutation($d: MessageSendInput!) { messageSend(data: $d) { ${THREAD} } }`,
    { d: data },
    { token: as.token ?? partner, partnerId: as.partnerId ?? cz },
  );
}

async function newConversation(subject = 'Invoice 2026/114', as: As = {}, attachments: string[] = []) {
  const result = await send({ subject, department: 'FINANCE', message: 'Hello, a question.', attachments }, as);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.messageSend;
}

async function reply(id: string, message: string, as: As = {}, attachments: string[] = []) {
  return server.gql<{ conversationReply: Thread }>(
    `mutation($id: ID!, $d: MessageReplyInput!) { conversationReply(id: $id, data: $d) { ${THREAD} } }`,
    { id, d: { message, attachments } },
    { token: as.token ?? partner, partnerId: as.partnerId ?? cz },
  );
}

async function open(id: string, as: As = {}) {
  return server.gql<{ conversation: Thread }>(
    `query($id: ID!) { conversation(id: $id) { ${THREAD} } }`,
    { id },
    { token: as.token ?? partner, partnerId: as.partnerId ?? cz },
  );
}

async function list(grid: Record<string, unknown> = {}, as: As = {}) {
  return server.gql<{
    conversations: {
      items: { id: string; subject: string; state: string; unread: number; waiting: boolean }[];
      total: number;
    };
  }>(
    'query($g: GridInput) { conversations(grid: $g) { items { id subject state unread waiting } total } }',
    { g: grid },
    { token: as.token ?? partner, partnerId: as.partnerId ?? cz },
  );
}

async function answer(id: string, message: string, attachments: string[] = []) {
  return server.gql<{ cockpitConversationAnswer: Thread }>(
    `mutation($id: ID!, $d: MessageReplyInput!) { cockpitConversationAnswer(id: $id, data: $d) { ${THREAD} } }`,
    { id, d: { message, attachments } },
    { token: admin },
  );
}

async function setState(id: string, state: string, as: As = {}) {
  return server.gql<{ conversationSetState: Thread }>(
    `mutation($id: ID!, $s: String!) { conversationSetState(id: $id, state: $s) { ${THREAD} } }`,
    { id, s: state },
    { token: as.token ?? partner, partnerId: as.partnerId ?? cz },
  );
}

function multipart(body: Buffer, fileName: string) {
  const boundary = '----pp-messages-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(body: Buffer, fileName: string, as: As & { url?: string } = {}) {
  const form = multipart(body, fileName);
  const response = await server.app.app.inject({
    method: 'POST',
    url: as.url ?? '/api/messages/attachments',
    headers: {
      'content-type': form.contentType,
      authorization: `Bearer ${as.token ?? partner}`,
      'x-partner-id': String(as.partnerId ?? cz),
      'accept-language': 'en',
    },
    payload: form.payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { id: string; name: string; size: number; code?: string; message?: string },
  };
}

async function download(url: string, as: As = {}) {
  return server.app.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${as.token ?? partner}`, 'x-partner-id': String(as.partnerId ?? cz) },
  });
}

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a8' } })
    .png()
    .toBuffer();
}

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Orders').addRow(['order', 'price']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A ZIP of one stored file, made by hand: a well-formed archive that is no office document. */
function plainZip(): Buffer {
  const name = Buffer.from('notes.txt');
  const data = Buffer.from('hello');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

async function storedCount(): Promise<number> {
  const { rows } = await server.database.executeSql(
    "select count(*)::int as n from stored_files where kind = 'message-attachment'",
  );
  return (rows[0] as { n: number }).n;
}

/** A logged-in live-stream socket of a signed-in session. */
function streamOf(sessionToken: string): Promise<StreamSocket> {
  return openStreamSocket(server, sessionToken);
}

describe('the list', () => {
  it("counts each conversation's own unread answers and tells which wait for the marketplace", async () => {
    const rows = (await list({ perPage: 100 })).data!.conversations.items;
    const row = (subject: string) => rows.find((r) => r.subject === subject);
    // Seeded: an answer not yet opened; a question never answered; an answered and read thread.
    expect(row('Výplata za březen')).toMatchObject({ unread: 1, waiting: false, state: 'opened' });
    expect(row('Chyba v XML importu produktů')).toMatchObject({ unread: 0, waiting: true });
    expect(row('Schůzka ke čtvrtletnímu plánu')).toMatchObject({ unread: 1, waiting: false });
    expect(row('Fakturační adresa na faktuře')).toMatchObject({ unread: 0, waiting: false, state: 'closed' });
    const closed = (await list({ filters: [{ field: 'state', operator: 'IN', values: ['closed'] }], perPage: 100 }))
      .data!.conversations.items;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((c) => c.state === 'closed')).toBe(true);
  });
});

describe('writing to the marketplace', () => {
  it('opens a conversation with a department, listed first with the answer owed', async () => {
    const thread = await newConversation('Payout of March');
    expect(thread).toMatchObject({ subject: 'Payout of March', department: 'FINANCE', state: 'opened' });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ body: 'Hello, a question.', fromOperator: false, openedAt: null });
    expect(thread.messages[0]!.authorName).toBeTruthy();
    const { data } = await list();
    expect(data!.conversations.items[0]).toMatchObject({ id: thread.id, waiting: true, unread: 0, state: 'opened' });
    const { rows } = await server.database.executeSql(
      "select action, partner_id from audit_log where entity = 'conversation' and entity_id = $1",
      [thread.id],
    );
    expect(rows).toEqual([{ action: 'messages.send', partner_id: cz }]);
  });

  it('refuses each bound of the form on both sides, and writes nothing', async () => {
    const base = { subject: 'S', department: 'TECH', message: 'M' };
    const before = (await list()).data!.conversations.total;
    const cases: [Record<string, unknown>, string | null, string][] = [
      [{ subject: 'x'.repeat(CONVERSATION_SUBJECT_MAX) }, null, ''],
      [{ subject: 'x'.repeat(CONVERSATION_SUBJECT_MAX + 1) }, 'subject', 'max'],
      [{ subject: '   ' }, 'subject', 'required'],
      [{ message: 'x'.repeat(MESSAGE_BODY_MAX) }, null, ''],
      [{ message: 'x'.repeat(MESSAGE_BODY_MAX + 1) }, 'message', 'max'],
      [{ message: 'a\u0000b' }, 'message', 'invalidCharacters'],
      [{ department: 'USER' }, 'department', 'invalid'],
      [{ department: 'NOBODY' }, 'department', 'invalid'],
      [{ attachments: [1, 2, 3, 4, 5, 6].map((n) => `00000000-0000-4000-8000-00000000000${n}`) }, 'attachments', 'max'],
    ];
    let created = 0;
    for (const [change, field, rule] of cases) {
      const result = await send({ ...base, ...change });
      if (field === null) {
        expect(codeOf(result), JSON.stringify(change).slice(0, 60)).toBeUndefined();
        created++;
        continue;
      }
      expect(codeOf(result)).toBe('VALIDATION_ERROR');
      expect(result.errors![0]!.extensions.fields).toEqual([expect.objectContaining({ field, rule })]);
    }
    expect((await list()).data!.conversations.total).toBe(before + created);
    const { id } = await newConversation('Reply bounds');
    expect(codeOf(await reply(id, 'x'.repeat(MESSAGE_BODY_MAX)))).toBeUndefined();
    const tooLong = await reply(id, 'x'.repeat(MESSAGE_BODY_MAX + 1));
    expect(tooLong.errors![0]!.extensions.fields).toEqual([expect.objectContaining({ field: 'message', rule: 'max' })]);
    expect((await open(id)).data!.conversation.messages).toHaveLength(2);
  });
});

describe('attachments', () => {
  it('stores PDF, PNG, XLSX and CSV by their content and sends them, downloadable by the partner', async () => {
    const files = [
      await upload(await pdf(), 'contract.pdf'),
      await upload(await png(), 'screen.jpg'),
      await upload(await xlsx(), 'orders.xlsx'),
      await upload(Buffer.from('order;price\n1;Žluťoučký kůň\n'), 'prices.csv'),
    ];
    expect(files.map((f) => f.status)).toEqual([200, 200, 200, 200]);
    // The picture keeps the person's name but the extension of what it really is.
    expect(files.map((f) => f.body.name)).toEqual(['contract.pdf', 'screen.png', 'orders.xlsx', 'prices.csv']);
    const ids = files.map((f) => f.body.id);
    const thread = await newConversation('With papers', {}, ids);
    const sent = thread.messages[0]!.attachments;
    expect(sent.map((a) => a.name)).toEqual(['contract.pdf', 'screen.png', 'orders.xlsx', 'prices.csv']);
    expect(sent[1]!.contentType).toBe('image/png');
    const file = await download(sent[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Sent files stay for good; an upload nobody sends keeps its expiry.
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from stored_files where id = any($1::uuid[]) and expires_at is null',
      [ids],
    );
    expect(rows[0]).toEqual({ n: 4 });
    const pending = await upload(Buffer.from('later'), 'later.txt');
    const { rows: pendingRows } = await server.database.executeSql(
      'select expires_at is not null as expires from stored_files where id = $1',
      [pending.body.id],
    );
    expect(pendingRows[0]).toEqual({ expires: true });
  });

  it('refuses a file that is not what it claims, a broken one and one over 10 MB, storing none', async () => {
    const before = await storedCount();
    const brokenPng = (await png()).subarray(0, 60);
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text pretending'), 'invoice.pdf', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.from('%PDF-1.7\nno trailer here'), 'cut.pdf', 'MESSAGE_ATTACHMENT_TYPE'],
      [brokenPng, 'broken.png', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.from([0x68, 0x69, 0x00, 0x01]), 'binary.txt', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.from([0xc3, 0x28, 0x41]), 'latin.txt', 'MESSAGE_ATTACHMENT_TYPE'],
      [plainZip(), 'sheet.xlsx', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.from('MZ\x90\x00 program'), 'setup.exe', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.alloc(0), 'empty.txt', 'MESSAGE_ATTACHMENT_TYPE'],
      [Buffer.alloc(MESSAGE_ATTACHMENT_MAX_BYTES + 1, 0x61), 'huge.txt', 'MESSAGE_ATTACHMENT_TOO_LARGE'],
    ];
    for (const [body, name, code] of cases) {
      const answer = await upload(body, name);
      expect([name, answer.status, answer.body.code]).toEqual([name, 400, code]);
      expect(answer.body.message).not.toMatch(/^errors\./);
    }
    expect(await storedCount()).toBe(before);
    const exact = await upload(Buffer.alloc(MESSAGE_ATTACHMENT_MAX_BYTES, 0x61), 'exactly-10-mb.txt');
    expect(exact.status).toBe(200);
    expect(exact.body.size).toBe(MESSAGE_ATTACHMENT_MAX_BYTES);
  });

  it('judges by the same check as documents: a fake PDF, a macro document and a ZIP bomb are refused by both', async () => {
    const before = await storedCount();
    const hostile: [Buffer, string][] = [
      // Header and %%EOF, but no cross-reference behind startxref: text wearing a PDF's first and last line.
      [Buffer.from('%PDF-1.7\nPay to CZ65 0800 0000 1920 0014 5399 now\nstartxref\n9\n%%EOF\n'), 'invoice.pdf'],
      [docxOf([['word/vbaProject.bin', 'Sub AutoOpen()']]), 'contract.docx'],
      [bombXlsxOf(), 'orders.xlsx'],
    ];
    for (const [body, name] of hostile) {
      const attachment = await upload(body, name);
      expect([name, attachment.status, attachment.body.code]).toEqual([name, 400, 'MESSAGE_ATTACHMENT_TYPE']);
      const form = multipartBody(
        { documentType: 'OTHER', title: name },
        { body, fileName: name, contentType: 'application/octet-stream' },
      );
      const document = await postForm(server, '/portal/partner/documents', form, { token: partner, partnerId: cz });
      expect([name, document.statusCode, document.json().code]).toEqual([name, 400, 'DOCUMENT_TYPE_NOT_ALLOWED']);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a picture of 12000 × 12000 px by its header, before decoding it', async () => {
    const before = await storedCount();
    const answer = await upload(await bigJpegHeaderOf(12_000, 12_000), 'screenshot.jpg');
    expect([answer.status, answer.body.code]).toEqual([400, 'IMAGE_TOO_MANY_PIXELS']);
    expect(answer.body.message).toBe(
      'The picture is too large: at most 50 megapixels are accepted (for example 8000 × 6000 px).',
    );
    expect(await storedCount()).toBe(before);
  });

  it("refuses another partner's attachment and another person's pending upload; hides both", async () => {
    const foreign = await upload(Buffer.from('Slovak note'), 'sk.txt', { token: multi, partnerId: sk });
    expect(foreign.status).toBe(200);
    const refused = await send({ subject: 'Steal', department: 'TECH', message: 'm', attachments: [foreign.body.id] });
    expect(codeOf(refused)).toBe('MESSAGE_ATTACHMENT_NOT_FOUND');
    expect((await download(`/api/messages/attachments/${foreign.body.id}`)).statusCode).toBe(404);

    // multi@demo.test is a member of the Czech partner too, but its pending upload is its own until sent.
    const colleague = await upload(Buffer.from('draft'), 'draft.txt', { token: multi, partnerId: cz });
    expect(
      codeOf(await send({ subject: 'S', department: 'TECH', message: 'm', attachments: [colleague.body.id] })),
    ).toBe('MESSAGE_ATTACHMENT_NOT_FOUND');
    expect((await download(`/api/messages/attachments/${colleague.body.id}`)).statusCode).toBe(404);
    // Once it is sent, the partner's other people read it.
    const thread = await newConversation('Shared', { token: multi, partnerId: cz }, [colleague.body.id]);
    const sharedUrl = thread.messages[0]!.attachments[0]!.url;
    expect((await download(sharedUrl)).statusCode).toBe(200);
    expect((await download(sharedUrl, { token: multi, partnerId: sk })).statusCode).toBe(404);
  });
});

describe('partners and permissions', () => {
  it("never shows another partner's conversation nor lets anyone write in it", async () => {
    const slovak = await newConversation('Slovak matter', { token: multi, partnerId: sk });
    expect(codeOf(await open(slovak.id))).toBe('CONVERSATION_NOT_FOUND');
    expect(codeOf(await reply(slovak.id, 'sneaky'))).toBe('CONVERSATION_NOT_FOUND');
    expect(codeOf(await setState(slovak.id, 'closed'))).toBe('CONVERSATION_NOT_FOUND');
    const ids = (await list({ perPage: 100 })).data!.conversations.items.map((c) => c.id);
    expect(ids).not.toContain(slovak.id);
    // The Czech caller naming the Slovak partner is refused outright.
    expect(codeOf(await list({}, { partnerId: sk }))).toBe('ACCESS_DENIED');
    expect((await open(slovak.id, { token: multi, partnerId: sk })).data!.conversation.subject).toBe('Slovak matter');
  });

  it('refuses an account without the messages permission, and one that may read but not write', async () => {
    const limitedAccount = "(select id from accounts where email = 'limited@demo.test')";
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'messages' and action = 'create'
       and account_id = ${limitedAccount}`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    expect(codeOf(await list({}, { token: limited }))).toBeUndefined();
    expect(codeOf(await send({ subject: 'S', department: 'TECH', message: 'm' }, { token: limited }))).toBe(
      'ACCESS_DENIED',
    );
    expect((await upload(Buffer.from('x'), 'x.txt', { token: limited })).status).toBe(403);
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'messages' and account_id = ${limitedAccount}`,
    );
    await server.app.platform.authCache.changed({ all: true });
    expect(codeOf(await list({}, { token: limited }))).toBe('ACCESS_DENIED');
    const own = (await list()).data!.conversations.items[0]!;
    expect(codeOf(await open(own.id, { token: limited }))).toBe('ACCESS_DENIED');
    // The cockpit is for operators only.
    expect(codeOf(await server.gql('{ cockpitConversations { total } }', {}, { token: partner, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    expect(codeOf(await server.gql('{ cockpitConversations { total } }'))).toBe('AUTHENTICATION_ERROR');
  });
});

describe('the operators', () => {
  it('hear a partner write, answer it; the partner hears the answer, reads it, and is notified', async () => {
    const operatorStream = await streamOf(admin);
    const partnerStream = await streamOf(partner);
    try {
      const thread = await newConversation('Where is my payout?');
      const sent = await operatorStream.next('message_sent');
      expect(sent.data).toEqual({ conversationId: Number(thread.id), partnerId: cz });
      // A partner's own message is no news to the partner: a marker sent after it comes, and alone.
      await partnerStream.settled();
      expect(partnerStream.all('message_received')).toEqual([]);

      const waiting = await server.gql<{ cockpitConversations: { items: { id: string; waiting: boolean }[] } }>(
        `{ cockpitConversations(grid: { filters: [{ field: "waiting", operator: EQUAL, value: "true" }], perPage: 100 })
           { items { id waiting partnerName unread } } }`,
        {},
        { token: admin },
      );
      expect(waiting.data!.cockpitConversations.items.map((c) => c.id)).toContain(thread.id);

      const opened = await server.gql<{ cockpitConversation: Thread }>(
        `query($id: ID!) { cockpitConversation(id: $id) { ${THREAD} } }`,
        { id: thread.id },
        { token: admin },
      );
      expect(opened.data!.cockpitConversation.messages[0]!.openedAt).not.toBeNull();
      expect(opened.data!.cockpitConversation.messages[0]!.openedByName).toMatch(/\S/);

      const operatorFile = await upload(await pdf(), 'statement.pdf', {
        token: admin,
        url: `/api/cockpit/messages/${thread.id}/attachments`,
      });
      expect(operatorFile.status).toBe(200);
      const answered = await answer(thread.id, 'Paid on Friday, see the statement.', [operatorFile.body.id]);
      expect(codeOf(answered)).toBeUndefined();
      const received = await partnerStream.next('message_received');
      expect(received.data).toEqual({ conversationId: Number(thread.id) });

      const row = (await list()).data!.conversations.items.find((c) => c.id === thread.id)!;
      expect(row).toMatchObject({ unread: 1, waiting: false });
      const read = (await open(thread.id)).data!.conversation;
      const last = read.messages.at(-1)!;
      expect(last).toMatchObject({ fromOperator: true, body: 'Paid on Friday, see the statement.' });
      expect(last.openedAt).not.toBeNull();
      expect((await download(last.attachments[0]!.url)).statusCode).toBe(200);
      expect((await list()).data!.conversations.items.find((c) => c.id === thread.id)!.unread).toBe(0);

      const { rows } = await server.database.executeSql(
        "select params from partner_notifications where partner_id = $1 and event_type = 'MESSAGE_RECEIVED'",
        [cz],
      );
      expect(rows.map((r) => (r as { params: Record<string, unknown> }).params)).toContainEqual(
        expect.objectContaining({ subject: 'Where is my payout?' }),
      );
    } finally {
      operatorStream.close();
      partnerStream.close();
    }
  });

  it('leave an answer unread when they open it signed in as the partner: the seller has not seen it', async () => {
    const link = await server.gql<{ cockpitRemoteLoginLink: string }>(
      'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
      { p: cz },
      { token: admin },
    );
    const [, h, t, p] = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(
      link.data!.cockpitRemoteLoginLink,
    )!;
    const remote = await server.gql<{ loginAsAdmin: { token: string } }>(
      'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token } }',
      { h, t, p },
    );
    const acting = remote.data!.loginAsAdmin.token;
    const seeded = (await list({ search: 'Schůzka ke čtvrtletnímu' })).data!.conversations.items[0]!;
    expect(seeded.unread).toBe(1);
    const thread = await open(seeded.id, { token: acting });
    expect(thread.data!.conversation.messages.at(-1)!.openedAt).toBeNull();
    expect((await list({ search: 'Schůzka ke čtvrtletnímu' })).data!.conversations.items[0]!.unread).toBe(1);
    await open(seeded.id);
    expect((await list({ search: 'Schůzka ke čtvrtletnímu' })).data!.conversations.items[0]!.unread).toBe(0);
  });

  it('page the cockpit grid by keyset and filter by partner', async () => {
    await newConversation('Slovak for the grid', { token: multi, partnerId: sk });
    const query = `query($g: GridInput) { cockpitConversations(grid: $g) { items { id partnerId } nextCursor total } }`;
    type Page = { cockpitConversations: { items: { id: string; partnerId: number }[]; nextCursor: string | null } };
    const first = await server.gql<Page>(query, { g: { perPage: 2 } }, { token: admin });
    const second = await server.gql<Page>(
      query,
      { g: { perPage: 2, after: first.data!.cockpitConversations.nextCursor } },
      { token: admin },
    );
    const ids = [...first.data!.cockpitConversations.items, ...second.data!.cockpitConversations.items].map(
      (c) => c.id,
    );
    expect(new Set(ids).size).toBe(4);
    const slovak = await server.gql<Page>(
      query,
      { g: { filters: [{ field: 'partnerId', operator: 'EQUAL', value: String(sk) }], perPage: 100 } },
      { token: admin },
    );
    const partners = new Set(slovak.data!.cockpitConversations.items.map((c) => c.partnerId));
    expect([...partners]).toEqual([sk]);
  });
});

describe('closing', () => {
  it('closes once, re-opens on a reply of either side, and records each change once', async () => {
    const { id } = await newConversation('To be settled');
    const closed = (await setState(id, 'closed')).data!.conversationSetState;
    expect(closed.state).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect((await setState(id, 'closed')).data!.conversationSetState.state).toBe('closed');
    expect(codeOf(await setState(id, 'archived'))).toBe('VALIDATION_ERROR');

    const reopened = (await reply(id, 'One more thing')).data!.conversationReply;
    expect(reopened).toMatchObject({ state: 'opened', closedAt: null });

    const byOperator = await server.gql<{ cockpitConversationSetState: Thread }>(
      'mutation($id: ID!) { cockpitConversationSetState(id: $id, state: "closed") { state } }',
      { id },
      { token: admin },
    );
    expect(byOperator.data!.cockpitConversationSetState.state).toBe('closed');
    expect((await answer(id, 'Reopened by our answer')).data!.cockpitConversationAnswer.state).toBe('opened');

    const { rows } = await server.database.executeSql(
      "select action from audit_log where entity = 'conversation' and entity_id = $1 order by id",
      [id],
    );
    expect(rows.map((r) => (r as { action: string }).action)).toEqual([
      'messages.send',
      'messages.close',
      'messages.reply',
      'messages.close',
      'messages.answer',
    ]);
  });
});

describe('marketplace contacts', () => {
  it("name the partner's people, the market's support and the departments", async () => {
    const result = await server.gql<{
      marketplaceContacts: { shopId: string; supportEmail: string; people: { role: string; name: string }[] };
      departments?: string[];
    }>(
      '{ marketplaceContacts { shopId supportEmail people { role name } departments } }',
      {},
      {
        token: partner,
        partnerId: cz,
      },
    );
    expect(result.data!.marketplaceContacts).toMatchObject({
      shopId: 'CZ10MA',
      supportEmail: 'partneri@mall.cz',
      departments: expect.not.arrayContaining(['USER']),
    });
    expect(result.data!.marketplaceContacts.people).toContainEqual({ role: 'kam', name: 'Jana Nováková' });
    const slovak = await server.gql<{ marketplaceContacts: { supportEmail: string } }>(
      '{ marketplaceContacts { supportEmail } }',
      {},
      { token: multi, partnerId: sk },
    );
    expect(slovak.data!.marketplaceContacts.supportEmail).toBe('partneri@mall.sk');
  });
});
