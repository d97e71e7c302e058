import { useState } from 'preact/hooks';
import { applySettings, currentSettings, MAX_PAGE_SIZE } from '../api';
import { Page, Section } from '../ui';

/** Any Blockfrost-compatible API: its base URL (with /api/v0 where it has one) and project token. */
export function Settings() {
  const [settings, setSettings] = useState(currentSettings());
  const [saved, setSaved] = useState(false);
  return (
    <Page title="Settings">
      <Section title="API">
        <form
          class="settings"
          onSubmit={(event) => {
            event.preventDefault();
            applySettings(settings);
            setSaved(true);
          }}
        >
          <label for="api-url">Blockfrost-compatible API URL</label>
          <input
            id="api-url"
            type="url"
            required
            value={settings.apiUrl}
            onInput={(event) => setSettings({ ...settings, apiUrl: event.currentTarget.value })}
          />
          <label for="project-id">Project token (sent as the project_id header)</label>
          <input
            id="project-id"
            value={settings.projectId}
            autocomplete="off"
            onInput={(event) => setSettings({ ...settings, projectId: event.currentTarget.value })}
          />
          <label for="page-size">Rows per page of a list (1 to {MAX_PAGE_SIZE}, Blockfrost's count)</label>
          <input
            id="page-size"
            type="number"
            required
            min={1}
            max={MAX_PAGE_SIZE}
            value={settings.pageSize}
            onInput={(event) => setSettings({ ...settings, pageSize: event.currentTarget.valueAsNumber })}
          />
          <button type="submit">Save</button>
          {saved && (
            <p role="status">
              Saved. <a href="#/">Back to the chain</a>
            </p>
          )}
        </form>
      </Section>
    </Page>
  );
}
