/**
 * One mission to sign, as a card (phones first; 320 px wide works): the checkbox labelled with the date and
 * the reference, the start and end times, the km when not zero, the contract download, and the comment.
 */
import { useState } from 'react';
import type { SigningItem } from '../../../machines/signing.machine.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { CommentField } from './comment-field.tsx';
import { kilometres, missionDate } from './format.ts';
import * as s from './signing.css.ts';

export type RowProps = {
  item: SigningItem;
  locale: Locale;
  onToggle: (mission: string) => void;
  onComment: (mission: string, comment: string) => void;
  /** Saves the contract PDF; resolves or rejects when done (a failure was already told by the API layer). */
  onDownload: (item: SigningItem) => Promise<unknown>;
};

export function SigningRow({ item, locale, onToggle, onComment, onDownload }: RowProps) {
  const [downloading, setDownloading] = useState(false);
  const date = missionDate(item.date, locale);
  const id = `mission-${item.mission.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const download = () => {
    setDownloading(true);
    onDownload(item)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  return (
    <li className={item.checked ? s.cardChecked : s.card} data-mission={item.mission}>
      <Checkbox
        id={`${id}-check`}
        label={<span className={s.cardTitle}>{m.signing_selectContract({ date, reference: item.reference })}</span>}
        checked={item.checked}
        onCheckedChange={() => onToggle(item.mission)}
      />
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt>{m.signing_hours()}</dt>
          <dd>
            {item.start} – {item.end}
          </dd>
        </div>
        {item.km !== 0 ? (
          <div className={s.fact}>
            <dt>{m.signing_km()}</dt>
            <dd>{m.signing_kmValue({ km: kilometres(item.km, locale) })}</dd>
          </div>
        ) : null}
      </dl>
      <Button variant="secondary" onClick={download} loading={downloading} className={s.download}>
        {m.signing_downloadContract({ reference: item.reference })}
      </Button>
      <CommentField id={`${id}-comment`} value={item.comment} onChange={(comment) => onComment(item.mission, comment)} />
    </li>
  );
}
