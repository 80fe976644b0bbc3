import mongoose, { Schema, type Model } from "mongoose";

// A picture or file uploaded for Markdown (discussions, announcements, statements): kept under
// DATA_DIR/markdown by its content hash and served at /markdown-file/<stored name>.

export interface MarkdownFileDoc {
  _id: number;
  kind: "image" | "file";
  /** The name the uploader's file had (shown and offered on download). */
  name: string;
  /** The stored name: content hash and extension. */
  stored: string;
  size: number;
  uid: string;
  gid: number | null;
  gmtCreate: Date;
}

const markdownFileSchema = new Schema<MarkdownFileDoc>(
  {
    _id: { type: Number, required: true },
    kind: { type: String, required: true },
    name: { type: String, required: true },
    stored: { type: String, required: true },
    size: { type: Number, required: true },
    uid: { type: String, required: true },
    gid: { type: Number, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
markdownFileSchema.index({ stored: 1 });

export const MarkdownFile: Model<MarkdownFileDoc> =
  (mongoose.models.MarkdownFile as Model<MarkdownFileDoc>) ?? mongoose.model<MarkdownFileDoc>("MarkdownFile", markdownFileSchema, "markdown_files");
