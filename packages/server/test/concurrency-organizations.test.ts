import { describeInvariants } from './concurrency-helpers';
import { ORGANIZATION_SCENARIOS } from './concurrency-scenarios-organizations';

// Organization-level writes with several writers (R18.12): an organization deleted while a tournament starts, a staff
// invitation accepted while its invitee is invited again, detections raised while their anti-cheat session ends; on
// one server (whose database the anti-cheat scenario also reads) and on two server processes sharing one database.
describeInvariants('organization', ORGANIZATION_SCENARIOS);
