// @theme/CodeBlock for site components: the code in the page's code block frame, without
// highlighting (the Markdown's fences are highlighted by the build; a component's code is data).
import type { ReactNode } from "react";

export interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: ReactNode;
  showLineNumbers?: boolean;
}

export default function CodeBlock({ children, language, className, title }: CodeBlockProps) {
  const lang = language ?? /language-(\S+)/.exec(className ?? "")?.[1] ?? "text";
  return (
    <div className="tz-code" data-language={lang}>
      {title ? <div className="tz-code__title">{title}</div> : null}
      <pre className="tz-code__pre" tabIndex={0}>
        <code className={`language-${lang}`}>{typeof children === "string" ? children.replace(/\n$/, "") : children}</code>
      </pre>
    </div>
  );
}
