/**
 * The accessibility statement (/accessibility, §2.1): the target, how the portal is tested, what is known not to meet it, who
 * to contact, and the date. Public: reachable signed out and signed in (machines/route-gate.ts). The texts say
 * only what the repository really does (e2e/fixtures.ts, e2e/shell.spec.ts, the component tests).
 */
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';
import * as s from './shell.css.ts';

export function AccessibilityStatement() {
  useLocale();
  return (
    <Page title={m.accessibility_title()}>
      <div className={s.statement}>
        <p>{m.accessibility_target()}</p>
        <h2>{m.accessibility_testedTitle()}</h2>
        <ul>
          <li>{m.accessibility_testedAxe()}</li>
          <li>{m.accessibility_testedKeyboard()}</li>
          <li>{m.accessibility_testedNames()}</li>
          <li>{m.accessibility_testedPhone()}</li>
        </ul>
        <h2>{m.accessibility_gapsTitle()}</h2>
        <ul>
          <li>{m.accessibility_gapSignature()}</li>
          <li>{m.accessibility_gapPdf()}</li>
          <li>{m.accessibility_gapManual()}</li>
        </ul>
        <h2>{m.accessibility_contactTitle()}</h2>
        <p>{m.accessibility_contact()}</p>
        <p>{m.accessibility_date()}</p>
      </div>
    </Page>
  );
}
