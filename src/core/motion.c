/* acphys — retail MovementManager. See motion.h. */
#include "motion.h"

struct acp_movement_manager {
    struct acp_physobj *owner;
};

void acp_movement_manager_leave_ground(acp_movement_manager *mm) { (void)mm; }
void acp_movement_manager_hit_ground(acp_movement_manager *mm) { (void)mm; }
void acp_movement_manager_use_time(acp_movement_manager *mm) { (void)mm; }
