import type { Action, Resource } from '@pp/domain';
import type { ZodType } from 'zod';
import type { DbOrTx } from '../db/client';

/** One value of an exported cell: text, a number, a yes/no, a moment (Date) or nothing. */
export type ExportCell = string | number | boolean | Date | null;

/**
 * What an area registers to make a list exportable. `rows` reads in batches (keyset or cursor), never the
 * whole result at once: the writers put each batch into the file as it comes, so memory does not grow with
 * the number of rows.
 */
export interface ExportKind<P = unknown> {
  kind: string;
  resource: Resource;
  action: Action;
  /**
   * What a caller may send, as a strict schema (`gridExportParams` for a grid, extended by the kind's own
   * keys): unknown keys are refused, texts are safe text, and only its output is stored and queued.
   */
  params: ZodType;
  /** The kind's own rules on the schema's output; throws a DomainError (VALIDATION_ERROR …) when they fail. */
  parse(params: unknown): P;
  /** The header row, in the language of whoever started the export. */
  columns(t: (key: string) => string, params: P): string[];
  rows(db: DbOrTx, partnerId: number, params: P): AsyncIterable<ExportCell[][]>;
  /** How many rows to expect, for the progress bar (optional: without it progress shows rows done). */
  count?(db: DbOrTx, partnerId: number, params: P): Promise<number>;
  fileName(params: P): string;
}

const kinds = new Map<string, ExportKind<never>>();

/** Makes a kind exportable (modules call this when they load; the same name twice is a programming error). */
export function registerExport<P>(kind: ExportKind<P>): ExportKind<P> {
  const existing = kinds.get(kind.kind);
  if (existing && existing !== (kind as unknown)) throw new Error(`export kind ${kind.kind} is registered twice`);
  kinds.set(kind.kind, kind as unknown as ExportKind<never>);
  return kind;
}

export function exportKindOf(name: string): ExportKind<unknown> | undefined {
  return kinds.get(name) as ExportKind<unknown> | undefined;
}
