export { checkExportParams, gridExportParams } from './params';
export { type ExportCell, type ExportKind, exportKindOf, registerExport } from './registry';
export { EXPORT_RUN_JOB, type ExportJobData, type ExportProgress, runExport, startExport } from './service';
export { CSV_SEPARATOR, EXPORT_FORMATS, type ExportFormat, neutralise } from './writers';
