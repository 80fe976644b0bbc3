import mongoose, { Schema, type Model } from "mongoose";

// The AI helper's settings (one document): an OpenAI-compatible chat-completions endpoint. The key
// is read by the server only; pages see whether one is set and its last characters.

export interface AiConfigDoc {
  _id: string;
  enabled: boolean;
  baseUrl: string;
  apiKey: string;
  model: string;
  systemPrompt: string;
  /** Replies one user may ask for in an hour. */
  perHour: number;
  gmtModified?: Date;
}

const schema = new Schema<AiConfigDoc>(
  {
    _id: { type: String, required: true },
    enabled: { type: Boolean, default: false },
    baseUrl: { type: String, default: "" },
    apiKey: { type: String, default: "" },
    model: { type: String, default: "" },
    systemPrompt: { type: String, default: "" },
    perHour: { type: Number },
    gmtModified: { type: Date },
  },
  { collection: "ai_config", versionKey: false },
);

export const AiConfig: Model<AiConfigDoc> = (mongoose.models.AiConfig as Model<AiConfigDoc>) ?? mongoose.model<AiConfigDoc>("AiConfig", schema);
