import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { pdfFonts } from '../../modules/orders/pdf';
import { partnerDocuments } from '../../modules/partner/tables';
import type { DbOrTx } from '../../platform/db/client';
import { storageKey } from '../../platform/files/storage';
import { storedFiles } from '../../platform/files/tables';
import type { DemoMedia } from '../products';
import type { DemoIds } from './ids';

/** A one-page PDF with a heading and a few lines: what a signed contract scan stands in for. */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  // Czech titles: the standard PDF fonts cannot print ř or ů.
  const { regular: font } = await pdfFonts(doc);
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 770, size: 20, font });
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 56, y: 730 - i * 18, size: 11, font });
  return Buffer.from(await doc.save());
}

/**
 * Demo data of the partner info tab: the Czech shop's documents, one the marketplace uploaded (its contract,
 * which the partner cannot delete) and one the partner uploaded, plus a deleted one in the history. The
 * files need the storage the server serves from; without it (tests without a data folder) no document
 * rows are made, since a row without its file would only fail to download.
 */
export async function seedInfo(tx: DbOrTx, ids: DemoIds, media?: DemoMedia): Promise<void> {
  if (!media) return;
  const documents = [
    {
      documentType: 'CONTRACT',
      title: 'Rámcová smlouva o prodeji přes tržiště',
      fileName: 'ramcova-smlouva.pdf',
      validFrom: '2024-01-01',
      uploadedBy: ids.admin,
      uploadedAt: new Date(Date.UTC(2024, 0, 3, 9, 30)),
      deleted: null as Date | null,
      lines: ['Smluvní strany: Sportovní potřeby Demo s.r.o. a provozovatel tržiště.', 'Platnost od 1. 1. 2024.'],
    },
    {
      documentType: 'SLA_DOCUMENTATION',
      title: 'Přehled kvality služeb 2025',
      fileName: 'sla-2025.pdf',
      validFrom: '2025-01-01',
      uploadedBy: ids.partnerAcc,
      uploadedAt: new Date(Date.UTC(2025, 1, 12, 14, 5)),
      deleted: null,
      lines: ['Storno pod 1,5 %, chyby stavů pod 0,5 %, sledování zásilek nad 90 %.'],
    },
    {
      documentType: 'OTHER',
      title: 'Ceník dopravy 2024',
      fileName: 'cenik-dopravy-2024.pdf',
      validFrom: null,
      uploadedBy: ids.partnerAcc,
      uploadedAt: new Date(Date.UTC(2024, 4, 20, 8, 0)),
      deleted: new Date(Date.UTC(2025, 0, 15, 10, 0)),
      lines: ['Nahrazeno ceníkem 2025.'],
    },
  ];
  await mkdir(media.spoolDir, { recursive: true });
  for (const d of documents) {
    const body = await demoPdf(d.title, d.lines);
    const id = randomUUID();
    const key = storageKey(ids.cz, id);
    const spool = join(media.spoolDir, `${id}.part`);
    await writeFile(spool, body);
    try {
      await media.storage.putFile(key, spool, body.length, 'application/pdf');
    } finally {
      await rm(spool, { force: true });
    }
    await tx.insert(storedFiles).values({
      partnerId: ids.cz,
      id,
      kind: 'partner-document',
      fileName: d.fileName,
      contentType: 'application/pdf',
      size: body.length,
      storageKey: key,
      accountId: null,
      createdAt: d.uploadedAt,
      expiresAt: null,
    });
    await tx.insert(partnerDocuments).values({
      partnerId: ids.cz,
      fileId: id,
      documentType: d.documentType,
      title: d.title,
      validFrom: d.validFrom,
      uploadedBy: d.uploadedBy,
      uploadedAt: d.uploadedAt,
      deletedBy: d.deleted ? d.uploadedBy : null,
      deletedAt: d.deleted,
    });
  }
}
