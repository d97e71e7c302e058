import { get, type Schemas } from '../api';
import { useLoad } from '../load';
import { Hex, Json, Page, Section, Show } from '../ui';

async function loadDatum(hash: string) {
  const [datum, cbor] = await Promise.all([
    get<Schemas['script_datum']>(`/scripts/datum/${hash}`),
    get<Schemas['script_datum_cbor']>(`/scripts/datum/${hash}/cbor`),
  ]);
  return { json: datum.json_value, cbor: cbor.cbor };
}

export function Datum({ hash }: { hash: string }) {
  const loaded = useLoad(() => loadDatum(hash), hash);
  return (
    <Page title="Datum" sub={hash}>
      <Show loaded={loaded} what={`datum ${hash}`}>
        {({ json, cbor }) => (
          <Section title="Datum">
            <Json value={json} label="Datum as JSON" />
            <Hex hex={cbor} label="Datum CBOR" />
          </Section>
        )}
      </Show>
    </Page>
  );
}
