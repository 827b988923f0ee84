import { dialogStrings as t } from "../../strings";

/** Shown once the retries are exhausted. */
export function ErrorScreen() {
  return (
    <div className="tz-search__screen tz-search__error" role="alert">
      <p className="tz-search__screen-title">{t.errorTitle}</p>
      <p className="tz-search__screen-help">{t.errorHelp}</p>
    </div>
  );
}
