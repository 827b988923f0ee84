import type { Zoom, ZoomOptions } from "medium-zoom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createZoomAttacher, zoomableImages, ZOOM_DELAY_MS, ZOOM_MARGIN, type ZoomFactory } from "../zoom";

let root: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  root = document.createElement("div");
  root.innerHTML = `<p><img src="/a.png" alt="a"></p><figure class="tz-figure"><img src="/b.png" alt="b"></figure><a href="/x"><img src="/c.png" alt="linked"></a>`;
  document.body.append(root);
});

afterEach(() => {
  root.remove();
  vi.useRealTimers();
});

function fakeZoom() {
  const zoom = { attach: vi.fn(), detach: vi.fn() };
  const factory = vi.fn((_options: ZoomOptions) => zoom as unknown as Zoom);
  const load = vi.fn(() => Promise.resolve(factory as ZoomFactory));
  return { zoom, factory, load };
}

const alts = (calls: unknown[][]) => calls.flat().map((img) => (img as HTMLImageElement).alt);

describe("image zoom", () => {
  it("skips images inside links", () => {
    expect(zoomableImages(root).map((i) => i.alt)).toEqual(["a", "b"]);
  });

  it("loads nothing before 1000 ms, then attaches content images with margin 24", async () => {
    const { zoom, factory, load } = fakeZoom();
    const attach = createZoomAttacher({ load });
    attach(root);
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(factory).toHaveBeenCalledWith(expect.objectContaining({ margin: ZOOM_MARGIN }));
    expect(ZOOM_MARGIN).toBe(24);
    expect(alts(zoom.attach.mock.calls)).toEqual(["a", "b"]);
  });

  it("waits for the window load event when the document is still loading", async () => {
    const state = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const { zoom, load } = fakeZoom();
    createZoomAttacher({ load })(root);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
    state.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS);
    expect(zoom.attach).toHaveBeenCalledTimes(1);
  });

  it("never loads medium-zoom for a page without images", async () => {
    root.innerHTML = "<p>text</p>";
    const { load } = fakeZoom();
    createZoomAttacher({ load })(root);
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS * 2);
    expect(load).not.toHaveBeenCalled();
  });

  it("cancels before the delay and detaches after it; one instance serves every page", async () => {
    const { zoom, factory, load } = fakeZoom();
    const attach = createZoomAttacher({ load });
    attach(root)();
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS * 2);
    expect(load).not.toHaveBeenCalled();

    const stop = attach(root);
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS);
    stop();
    expect(alts(zoom.detach.mock.calls)).toEqual(["a", "b"]);

    attach(root);
    await vi.advanceTimersByTimeAsync(ZOOM_DELAY_MS);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(zoom.attach).toHaveBeenCalledTimes(2);
  });
});
