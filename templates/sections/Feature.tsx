import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import { DialogOpener } from "../parts/Dialog.tsx";
import { FeatureDialog, FeatureDialogOpener } from "../parts/FeatureDialog.tsx";
import { VideoDialog } from "../parts/VideoDialog.tsx";
import "./Feature.css";

export function Feature({ section: s }: { section: Extract<SectionData, { type: "feature" }> }) {
  return (
    <section className="section feature" id={s.id ?? undefined} data-section="feature">
      <div className="feature-text">
        <h2>{s.title}</h2>
        {s.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {s.list.length ? (
          <ul>
            {s.list.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : null}
        {s.dialog ? <FeatureDialogOpener dialog={s.dialog} /> : null}
        {s.video && !s.image ? <WatchVideo video={s.video} /> : null}
      </div>
      {s.image ? (
        <figure className={s.video ? "feature-media is-video" : "feature-media"}>
          <Picture image={s.image} />
          {s.video ? <WatchVideo video={s.video} /> : null}
        </figure>
      ) : null}
      {s.dialog ? <FeatureDialog dialog={s.dialog} /> : null}
      {s.video ? <VideoDialog video={s.video} title={s.title} /> : null}
    </section>
  );
}

/** The Watch Video button: over the picture, or below the text of a feature without one. */
function WatchVideo({ video }: { video: NonNullable<Extract<SectionData, { type: "feature" }>["video"]> }) {
  return (
    <DialogOpener dialog={video.dialogId} className="watch-video">
      {video.labels.watch}
    </DialogOpener>
  );
}
