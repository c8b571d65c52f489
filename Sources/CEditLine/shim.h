/* libedit for Swift. Swift cannot call C variadics (el_set, el_get, history), so each use gets a
 * fixed-arity static inline wrapper; Swift 6 rejects Glibc's stdin/stdout/stderr globals, so they
 * get accessors. Debian: apt-get install libedit-dev. */
#include <stdio.h>
#include <signal.h>
#include <histedit.h>

static inline FILE *cel_stdin(void) { return stdin; }
static inline FILE *cel_stdout(void) { return stdout; }
static inline FILE *cel_stderr(void) { return stderr; }

typedef char *(*cel_prompt_fn)(EditLine *);
typedef unsigned char (*cel_cmd_fn)(EditLine *, int);

static inline int cel_set_prompt_esc(EditLine *el, cel_prompt_fn f, char esc) {
    return el_set(el, EL_PROMPT_ESC, f, esc);
}
static inline int cel_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int cel_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int cel_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int cel_addfn(EditLine *el, const char *name, const char *help, cel_cmd_fn f) {
    return el_set(el, EL_ADDFN, name, help, f);
}
static inline int cel_bind(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, key, fn, (const char *)NULL);
}
static inline int cel_set_clientdata(EditLine *el, void *d) { return el_set(el, EL_CLIENTDATA, d); }
static inline void *cel_get_clientdata(EditLine *el) {
    void *d = NULL;
    el_get(el, EL_CLIENTDATA, &d);
    return d;
}
static inline int cel_hist_setsize(History *h, HistEvent *ev, int n) { return history(h, ev, H_SETSIZE, n); }
static inline int cel_hist_setunique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int cel_hist_enter(History *h, HistEvent *ev, const char *s) { return history(h, ev, H_ENTER, s); }
static inline int cel_hist_load(History *h, HistEvent *ev, const char *p) { return history(h, ev, H_LOAD, p); }
static inline int cel_hist_save(History *h, HistEvent *ev, const char *p) { return history(h, ev, H_SAVE, p); }
static inline int cel_hist_save_fp(History *h, HistEvent *ev, FILE *fp) { return history(h, ev, H_SAVE_FP, fp); }

/* SIGINT without SA_RESTART, so el_gets returns on Ctrl-C; the flag says it happened. */
static volatile sig_atomic_t cel_sigint_flag = 0;
static inline void cel_on_sigint(int sig) { (void)sig; cel_sigint_flag = 1; }
static inline void cel_install_sigint(void) {
    struct sigaction sa;
    sa.sa_handler = cel_on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(SIGINT, &sa, NULL);
}
static inline int cel_take_sigint(void) {
    int was = cel_sigint_flag;
    cel_sigint_flag = 0;
    return was;
}
/* SIGWINCH: el_gets returns; the caller resizes and pushes the line back. */
static volatile sig_atomic_t cel_winch_flag = 0;
static inline void cel_on_winch(int sig) { (void)sig; cel_winch_flag = 1; }
static inline void cel_install_sigwinch(void) {
    struct sigaction sa;
    sa.sa_handler = cel_on_winch;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: el_gets returns, we resize and restore the line */
    sigaction(SIGWINCH, &sa, NULL);
}
static inline int cel_take_winch(void) {
    int was = cel_winch_flag;
    cel_winch_flag = 0;
    return was;
}
