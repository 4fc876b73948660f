#include "test.h"
void suite_text(void) {}
void suite_jsonv(void) {}
void suite_scenario(void) {}
void suite_trace(void) {}
