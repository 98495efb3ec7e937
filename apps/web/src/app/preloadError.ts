const RELOADED_AT = 'pp.preloadErrorReloadAt';

/**
 * A lazily loaded page whose file is gone (a new build was deployed while the tab was open) raises
 * Vite's preload-error event. It is handled by loading the new build once; if that happened a moment
 * ago already, the failure is passed on to the page's error view instead of reloading in a loop.
 */
export function handlePreloadErrors(win: Window = window, storage: Storage = sessionStorage): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 30_000) return;
    event.preventDefault();
    storage.setItem(RELOADED_AT, String(Date.now()));
    win.location.reload();
  });
}
