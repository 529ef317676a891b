/**
 * What the worker gets pushed: the kinds (all on until turned off) and the quiet hours (22:00-07:00 Brussels until
 * changed, or none), saved together (docs/decisions/253-what-is-pushed.md). What is turned off still lands in the list.
 */
import { useState, type FormEvent } from 'react';
import type { NotificationSettings } from '#domain/api-schema.ts';
import { DEFAULT_QUIET_HOURS, NOTIFICATION_TOPICS, type NotificationTopic } from '#domain/notifications.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/field.tsx';
import * as s from './notifications.css.ts';

const TOPIC_LABEL: Record<NotificationTopic, () => string> = {
  offers: m.notificationSettings_topic_offers,
  missions: m.notificationSettings_topic_missions,
  hours: m.notificationSettings_topic_hours,
  hoursReminders: m.notificationSettings_topic_hoursReminders,
  certificateReminders: m.notificationSettings_topic_certificateReminders,
  signature: m.notificationSettings_topic_signature,
  details: m.notificationSettings_topic_details,
  conversations: m.notificationSettings_topic_conversations,
};

type Saving = 'idle' | 'saving' | 'saved' | 'failed';

export function PreferencesForm({
  initial,
  onSave,
}: {
  initial: NotificationSettings;
  onSave: (settings: NotificationSettings) => Promise<NotificationSettings>;
}) {
  const [topics, setTopics] = useState(initial.topics);
  const [quietOn, setQuietOn] = useState(initial.quietHours !== null);
  const [quiet, setQuiet] = useState(initial.quietHours ?? DEFAULT_QUIET_HOURS);
  const [saving, setSaving] = useState<Saving>('idle');
  const empty = quietOn && quiet.start === quiet.end;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || saving === 'saving') return;
    setSaving('saving');
    onSave({ topics, quietHours: quietOn ? quiet : null }).then(
      (saved) => {
        setTopics(saved.topics);
        setSaving('saved');
      },
      () => setSaving('failed'),
    );
  };
  const changed = () => saving !== 'saving' && setSaving('idle');

  return (
    <form onSubmit={submit} noValidate>
      <section className={s.panel} aria-labelledby="kinds-heading">
        <h2 id="kinds-heading" className={s.heading}>
          {m.notificationSettings_kindsHeading()}
        </h2>
        <p className={s.muted}>{m.notificationSettings_kindsHint()}</p>
        <fieldset className={s.fieldset} aria-labelledby="kinds-heading">
          {NOTIFICATION_TOPICS.map((topic) => (
            <Checkbox
              key={topic}
              name={topic}
              label={TOPIC_LABEL[topic]()}
              checked={topics[topic]}
              onCheckedChange={(checked) => {
                setTopics((current) => ({ ...current, [topic]: checked }));
                changed();
              }}
            />
          ))}
        </fieldset>
      </section>
      <section className={s.panel} aria-labelledby="quiet-heading">
        <h2 id="quiet-heading" className={s.heading}>
          {m.notificationSettings_quietHeading()}
        </h2>
        <p className={s.muted}>{m.notificationSettings_quietHint()}</p>
        <Checkbox
          name="quiet"
          label={m.notificationSettings_quietOn()}
          checked={quietOn}
          onCheckedChange={(checked) => {
            setQuietOn(checked);
            changed();
          }}
        />
        {quietOn ? (
          <div className={s.times}>
            <TextField
              type="time"
              name="quietStart"
              label={m.notificationSettings_quietStart()}
              value={quiet.start}
              required
              onChange={(event) => {
                setQuiet({ ...quiet, start: event.currentTarget.value });
                changed();
              }}
            />
            <TextField
              type="time"
              name="quietEnd"
              label={m.notificationSettings_quietEnd()}
              value={quiet.end}
              required
              error={empty ? m.validation_quietHoursEmpty() : undefined}
              onChange={(event) => {
                setQuiet({ ...quiet, end: event.currentTarget.value });
                changed();
              }}
            />
          </div>
        ) : null}
      </section>
      <div className={s.actions}>
        <Button type="submit" loading={saving === 'saving'}>
          {m.notificationSettings_save()}
        </Button>
        <span role="status">{saving === 'saved' ? <span className={s.done}>{m.notificationSettings_saved()}</span> : null}</span>
        {saving === 'failed' ? (
          <span className={s.problem} role="alert">
            {m.notificationSettings_saveFailed()}
          </span>
        ) : null}
      </div>
    </form>
  );
}
