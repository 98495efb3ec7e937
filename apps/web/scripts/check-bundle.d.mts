/** Types of check-bundle.mjs, for the TypeScript that reuses it (bench/bundle.ts). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const SIGN_IN_BUDGET_GZIP: number;
export function initialChunks(manifest: Manifest, keys: string[]): string[];
export function readManifest(dist: string): Manifest;
export function entryKey(manifest: Manifest): string;
export function measure(dist: string, files: string[]): { files: number; raw: number; gzip: number };
export function kb(bytes: number): string;
export function filesNamingMaps(dist: string): string[];
