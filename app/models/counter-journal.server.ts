import mongoose, { Schema, type Model } from "mongoose";

// Counter changes in progress (judge-apply.server.ts): an entry is written before a submission's
// verdict moves the problem and user counters and removed once they are moved. An entry left
// behind by a crash tells the repair pass which problem and user to recompute. It lives in a
// collection of its own, small whatever the number of submissions, so finding entries is cheap
// and finishing a change does not cost another write of the (large) submission document.

export interface CounterJournalDoc {
  /** The submission id. */
  _id: number;
  pid: number;
  uid: string;
  cid: number;
  attempt: number;
  at: Date;
}

const counterJournalSchema = new Schema<CounterJournalDoc>(
  {
    _id: { type: Number, required: true },
    pid: { type: Number, required: true },
    uid: { type: String, required: true },
    cid: { type: Number, default: 0 },
    attempt: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const CounterJournal: Model<CounterJournalDoc> =
  (mongoose.models.CounterJournal as Model<CounterJournalDoc>) ??
  mongoose.model<CounterJournalDoc>("CounterJournal", counterJournalSchema, "judge_counter_journal");
