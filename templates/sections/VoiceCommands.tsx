import type { SectionData } from "../../compiler/compile/route-data.ts";
import VoiceCommandsIsland from "../islands/VoiceCommands.tsx";
import { Island } from "../parts/Island.tsx";

export function VoiceCommands({ section: s }: { section: Extract<SectionData, { type: "voice-commands" }> }) {
  return (
    <section className="section voice-commands" id={s.id ?? undefined} data-section="voice-commands">
      <Island
        name="voiceCommands"
        component={VoiceCommandsIsland}
        props={{ title: s.title, groups: s.groups, close: s.close }}
      />
    </section>
  );
}
