#include "FixedStack.h"

#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>

#ifndef MAP_STACK
#  define MAP_STACK 0
#endif

struct tabstrip_fixed_stack_call {
    void (*body)(void *context);
    void *context;
};

static void *tabstrip_fixed_stack_start(void *argument) {
    struct tabstrip_fixed_stack_call *call = argument;
    call->body(call->context);
    return NULL;
}

int tabstrip_run_on_fixed_stack(void (*body)(void *context), void *context, size_t stack_bytes) {
    void *stack = mmap(NULL, stack_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return errno != 0 ? errno : ENOMEM;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status == 0) {
        status = pthread_attr_setstack(&attributes, stack, stack_bytes);
        struct tabstrip_fixed_stack_call call = {body, context};
        pthread_t thread;
        if (status == 0) status = pthread_create(&thread, &attributes, tabstrip_fixed_stack_start, &call);
        if (status == 0) status = pthread_join(thread, NULL);
        pthread_attr_destroy(&attributes);
    }
    munmap(stack, stack_bytes);
    return status;
}
