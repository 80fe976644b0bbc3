import mongoose, { Schema, type Model } from "mongoose";

// The numeric role codes of spec section 3, stored so admin screens and the API can list them.

export interface RoleDoc {
  _id: number;
  role: string;
  description: string;
}

const roleSchema = new Schema<RoleDoc>(
  { _id: { type: Number, required: true }, role: String, description: String },
  { versionKey: false },
);

export const RoleModel: Model<RoleDoc> =
  (mongoose.models.Role as Model<RoleDoc>) ?? mongoose.model<RoleDoc>("Role", roleSchema, "roles");
