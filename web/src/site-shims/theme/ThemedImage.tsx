// @theme/ThemedImage for site components: the light image, and the dark one for the dark palette
// (the theme's CSS shows one of them by [data-theme]).
import type { ImgHTMLAttributes } from "react";
import { withBase } from "../context";

export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  sources: { light: string; dark?: string };
}

export default function ThemedImage({ sources, className, ...rest }: ThemedImageProps) {
  if (!sources.dark || sources.dark === sources.light) return <img {...rest} className={className} src={withBase(sources.light)} />;
  return (
    <>
      <img {...rest} className={`tz-themed-image tz-themed-image--light ${className ?? ""}`.trim()} src={withBase(sources.light)} />
      <img {...rest} className={`tz-themed-image tz-themed-image--dark ${className ?? ""}`.trim()} src={withBase(sources.dark)} />
    </>
  );
}
