import mongoose, { Schema, type Model } from "mongoose";

// Images of the home page's carousel (HOJ's file records of type "carousel"): a file under
// DATA_DIR served at `url`. Added and removed by the admin configuration screen
// (/ojapi/file/upload-carouse-img, /ojapi/admin/config/home-carousel); the home page reads them.

export interface CarouselDoc {
  _id: number;
  /** Site path of the image. */
  url: string;
  gmtCreate: Date;
}

const carouselSchema = new Schema<CarouselDoc>(
  {
    _id: { type: Number, required: true },
    url: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

export const Carousel: Model<CarouselDoc> =
  (mongoose.models.Carousel as Model<CarouselDoc>) ?? mongoose.model<CarouselDoc>("Carousel", carouselSchema, "home_carousel");
