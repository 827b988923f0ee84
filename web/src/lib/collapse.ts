// Height animation for collapsible sections (sidebar categories). Collapsible sections
// animate their height; under prefers-reduced-motion the animation is skipped (1 ms, so the same code
// path and its end handling still run).

import { useLayoutEffect, useRef, useState, type RefObject } from "react";

export const REDUCED_MOTION_DURATION_MS = 1;

/** Duration for a section of `height` px: longer sections take a little longer, within 150–400 ms. */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return REDUCED_MOTION_DURATION_MS;
  return Math.round(Math.min(400, 150 + Math.sqrt(Math.max(0, height)) * 6));
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Animates `el` open (0 → its height) or closed (its height → 0). The element is hidden (the `hidden`
 *  attribute) once closed. Without the Web Animations API it switches at once. */
export function animateHeight(el: HTMLElement, open: boolean): Animation | null {
  for (const a of el.getAnimations?.() ?? []) a.cancel();
  el.hidden = false;
  if (typeof el.animate !== "function") {
    el.hidden = !open;
    return null;
  }
  const full = el.scrollHeight;
  const from = open ? 0 : full;
  const to = open ? full : 0;
  el.style.overflow = "hidden";
  const anim = el.animate([{ height: `${from}px` }, { height: `${to}px` }], {
    duration: collapseDuration(full, reducedMotion()),
    easing: "ease-in-out",
  });
  anim.onfinish = () => {
    el.style.overflow = "";
    el.hidden = !open;
  };
  return anim;
}

/** State for a collapsible section whose content is rendered lazily: nothing until first expanded (so
 *  collapsed categories cost no HTML), then kept mounted and hidden when collapsed, so collapsing can
 *  animate. Attach `ref` to the section element and render it only when `mounted`. */
export function useCollapsible<T extends HTMLElement>(open: boolean): { ref: RefObject<T | null>; mounted: boolean } {
  const ref = useRef<T>(null);
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const first = useRef(true);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    const el = ref.current;
    if (first.current || wasOpen.current === open) {
      first.current = false;
      wasOpen.current = open;
      return;
    }
    wasOpen.current = open;
    if (el) animateHeight(el, open);
  }, [open, mounted]);
  return { ref, mounted };
}
