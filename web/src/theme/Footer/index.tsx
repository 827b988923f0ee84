import { Fragment } from "react";
import { cx } from "../../lib/cx";
import type { Footer as FooterData } from "../../lib/contract";
import { Link } from "../Link";
import { strings } from "../strings";
import "./styles.css";

/** Site footer: titled link columns, or a single row of links separated by a middle dot; then the
 *  optional logo and the copyright (trusted HTML from site.yaml). */
export function Footer({ footer }: { footer: FooterData }) {
  const { logo } = footer;
  const logoImg = logo && (
    <img className="tz-footer__logo" src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} loading="lazy" />
  );
  return (
    <footer className={cx("tz-footer", `tz-footer--${footer.style}`)} aria-label={strings.footer.label}>
      <div className="tz-footer__inner">
        {footer.columns.length > 0 ? (
          <div className="tz-footer__columns">
            {footer.columns.map((col, i) => (
              <div key={i} className="tz-footer__column">
                <p className="tz-footer__title">{col.title}</p>
                <ul className="tz-footer__items">
                  {col.items.map((l, j) => (
                    <li key={j}>
                      <Link href={l.href} external={l.external} className="tz-footer__link">
                        {l.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          footer.links.length > 0 && (
            <p className="tz-footer__row">
              {footer.links.map((l, i) => (
                <Fragment key={i}>
                  {i > 0 && (
                    <span className="tz-footer__separator" aria-hidden="true">
                      {" · "}
                    </span>
                  )}
                  <Link href={l.href} external={l.external} className="tz-footer__link">
                    {l.label}
                  </Link>
                </Fragment>
              ))}
            </p>
          )
        )}
        {(logo || footer.copyright) && (
          <div className="tz-footer__bottom">
            {logo && (logo.href ? <a href={logo.href}>{logoImg}</a> : logoImg)}
            {footer.copyright && <div className="tz-footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}
