import { strings } from "../strings";

/** A thin bar at the top of the window while a slow navigation loads (shown by the navigator only after
 *  a navigation has taken 200 ms, docs/behaviour.md "Navigation and layout"; it is removed as soon
 *  as the new page renders). */
export function ProgressBar() {
  return (
    <div className="tz-progress" role="progressbar" aria-label={strings.progressLabel}>
      <div className="tz-progress__bar" />
    </div>
  );
}
