import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface Series {
  label: string;
  values: (number | null)[];
  /** The CSS custom property of its colour (defined for both colour modes in admin.css). */
  color: string;
}

interface Props {
  title: string;
  days: string[];
  series: Series[];
  height?: number;
  /** A sparkline: no axes, no legend. */
  spark?: boolean;
  format?: (v: number | null) => string;
}


function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
}

/** A line chart of daily values drawn by uPlot on a canvas hidden from screen readers, followed by the
 *  same numbers as a table (in a disclosure) that screen readers and keyboard users read. */
export function Chart({ title, days, series, height = 220, spark = false, format = (v) => (v === null ? "–" : String(v)) }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const axis = { stroke: cssVar("--dash-text-muted"), grid: { stroke: cssVar("--dash-grid") }, ticks: { stroke: cssVar("--dash-grid") } };
      const opts: uPlot.Options = {
        width: Math.max(el.clientWidth, 120),
        height,
        legend: { show: !spark },
        cursor: { show: !spark },
        scales: { x: { time: true } },
        axes: spark ? [{ show: false }, { show: false }] : [axis, axis],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: cssVar(s.color), width: 2, spanGaps: false }))],
      };
      const xs = days.map((d) => Date.parse(d + "T00:00:00Z") / 1000);
      plot = new uPlot(opts, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    };
    draw();
    // Redraw for a new width or colour mode.
    const resize = new ResizeObserver(() => {
      if (plot && Math.abs(plot.width - el.clientWidth) > 4) draw();
    });
    resize.observe(el);
    const scheme = window.matchMedia("(prefers-color-scheme: dark)");
    scheme.addEventListener("change", draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener("change", draw);
      plot?.destroy();
    };
  }, [days, series, height, spark]);
  return (
    <figure className={spark ? "dash-chart dash-spark" : "dash-chart"}>
      <figcaption>{title}</figcaption>
      <div ref={box} aria-hidden="true" className="dash-canvas" />
      <details>
        <summary>Table of “{title}”</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

