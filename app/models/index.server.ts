// Imports every model so start-up can create all indexes (ensureIndexes). Add new models here.
import "./counter.server";
import "./counter-journal.server";
import "./first-ac.server";
import "./message.server";
import "./problem.server";
import "./role.server";
import "./session.server";
import "./site-config.server";
import "./submission.server";
import "./tag.server";
import "./user.server";
