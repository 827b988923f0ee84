// Click-to-zoom on images in Markdown content (margin 24, starts 1000 ms after load). The
// medium-zoom package is imported only when a page has images, once the delay has passed: its build
// without injected styles, with its stylesheet as a file, since the pages' content security policy
// refuses a <style> element.

import type { Zoom, ZoomOptions } from "medium-zoom/dist/pure";

export const ZOOM_MARGIN = 24;
export const ZOOM_DELAY_MS = 1000;

export type ZoomFactory = (options: ZoomOptions) => Zoom;
export type ZoomLoader = () => Promise<ZoomFactory>;

/** The real loader; left out of the server bundle, which never runs effects. */
export const loadMediumZoom: ZoomLoader = () =>
  import.meta.env.SSR ? Promise.reject(new Error("image zoom runs in the browser only")) : import("./medium-zoom").then((m) => m.default);

export interface ZoomAttacherOptions {
  load?: ZoomLoader;
  delayMs?: number;
  margin?: number;
}

/** Images that zoom: every content image except those inside a link, whose click must follow the link. */
export function zoomableImages(root: HTMLElement): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>("img")].filter((img) => !img.closest("a"));
}

/** Returns attach(root): after the window's load event and the delay, zoom is enabled on root's images;
 *  the function attach returns cancels that or detaches them. One medium-zoom instance serves every page
 *  (it adds document listeners of its own that it never removes). */
export function createZoomAttacher(options: ZoomAttacherOptions = {}): (root: HTMLElement) => () => void {
  const load = options.load ?? loadMediumZoom;
  const delayMs = options.delayMs ?? ZOOM_DELAY_MS;
  const margin = options.margin ?? ZOOM_MARGIN;
  let instance: Promise<Zoom> | undefined;

  return function attach(root) {
    const images = zoomableImages(root);
    if (images.length === 0) return () => {};
    const win = root.ownerDocument.defaultView;
    if (!win) return () => {};
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let zoom: Zoom | undefined;

    const start = () => {
      timer = setTimeout(() => {
        instance ??= load().then((create) => create({ margin, background: "var(--tz-color-bg)" }));
        instance.then(
          (z) => {
            if (stopped) return;
            zoom = z;
            z.attach(...images);
          },
          (err: unknown) => {
            instance = undefined;
            console.warn("tzdocs: image zoom could not be loaded", err);
          },
        );
      }, delayMs);
    };
    if (root.ownerDocument.readyState === "complete") start();
    else win.addEventListener("load", start, { once: true });

    return () => {
      stopped = true;
      win.removeEventListener("load", start);
      clearTimeout(timer);
      zoom?.detach(...images);
    };
  };
}

let shared: ((root: HTMLElement) => () => void) | undefined;

/** Enables zoom on root's images with the page-wide medium-zoom instance. */
export function attachZoom(root: HTMLElement): () => void {
  shared ??= createZoomAttacher();
  return shared(root);
}
