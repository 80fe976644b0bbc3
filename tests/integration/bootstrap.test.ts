import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { RoleModel } from "~/models/role.server";
import { User } from "~/models/user.server";
import { bootstrap } from "~/services/bootstrap.server";
import { disconnectDb } from "~/services/db.server";
import { verifyPassword } from "~/services/password.server";
import { getWebsiteConfig } from "~/services/site-config.server";

describe("first start", () => {
  beforeAll(async () => {
    process.env.OJ_ROOT_PASSWORD = "";
    await bootstrap();
  });
  afterAll(disconnectDb);

  it("seeds the super admin root once, with a generated password", async () => {
    const root = await User.findOne({ usernameLower: "root" }).lean();
    expect(root?.role).toBe(Role.SUPER_ADMIN);
    expect(root?.passwordHash.startsWith("$argon2id$")).toBe(true);
    await bootstrap();
    expect(await User.countDocuments({ usernameLower: "root" })).toBe(1);
  });

  it("stores every numeric role code of the specification", async () => {
    const codes = (await RoleModel.find().lean()).map((r) => r._id).sort();
    expect(codes).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
  });

  it("stores the website configuration defaults", async () => {
    const config = await getWebsiteConfig();
    expect(config.shortName).toBe("OJ");
    expect(config.register).toBe(true);
    expect(config.openPublicDiscussion).toBe(true);
  });

  it("hashes with argon2id and verifies", async () => {
    const root = await User.findOne({ usernameLower: "root" }).lean();
    expect(await verifyPassword(root!.passwordHash, "wrong")).toBe(false);
  });
});
