// Build-time settings the client reads (Vite replaces them when it builds).
interface ImportMetaEnv {
  /** Handsontable licence key; unset, the non-commercial evaluation key is used. */
  readonly VITE_HANDSONTABLE_LICENSE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
