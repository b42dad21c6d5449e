#pragma once
// Heap allocations made by the whole process so far (allocation_counter.cpp replaces the
// global operator new to count them).
unsigned long long allocation_count();
