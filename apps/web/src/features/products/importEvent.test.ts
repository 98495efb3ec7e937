import { describe, expect, it } from 'vitest';
import { importEventOf } from './ImportDialog';

const record = {
  id: 'b3c1f7de-3f57-4a43-9d0e-2f7b8f0f4e11',
  fileName: 'products.xml',
  done: 120,
  created: 100,
  updated: 15,
  failed: 5,
  held: 2,
  forced: 1,
  errorCode: null,
  createdAt: '2026-11-22T10:00:00Z',
  finishedAt: null,
};

describe('an import’s record read as a stream report', () => {
  it('maps each stored status to the report the stream sends for it, with the counts', () => {
    expect(importEventOf({ ...record, status: 'QUEUED' }).status).toBe('BEGIN');
    expect(importEventOf({ ...record, status: 'RUNNING' })).toEqual({
      importId: record.id,
      status: 'PROGRESS',
      done: 120,
      created: 100,
      updated: 15,
      failed: 5,
      held: 2,
      forced: 1,
      code: undefined,
    });
    expect(importEventOf({ ...record, status: 'DONE' }).status).toBe('END');
  });

  it('keeps the reason of a refused file, so the dialog can say it', () => {
    const failed = importEventOf({ ...record, status: 'FAILED', errorCode: 'XML_ROOT_INVALID' });
    expect(failed.status).toBe('ERROR');
    expect(failed.code).toBe('XML_ROOT_INVALID');
  });
});
