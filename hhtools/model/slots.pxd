# C declarations for the compiled core (setup.py's CORE; no .py of its own, nothing of it
# runs as Python): the records of hhtools.model.records as C types Cython reads a field
# of in a few instructions, for a .pxd that types a loop's variable with one
# (``from hhtools.model.slots cimport Action as _Action``, then ``@cython.locals(act=_Action)``).
#
# A record's field is a slot (a frozen, slotted dataclass). Read by name (``act.player``
# on an untyped object) it is the interpreter's generic lookup: the class's dict through
# its method cache, then the member descriptor's getter, ~140 instructions. Read through
# these types it is a property of C (hh_read): when the object's type is the one whose
# slot offset was cached, the slot's value, else (the first read, another type, a slot
# left empty) the attribute by name, exactly as Python reads it. The offset is the class's
# own, taken from its member descriptor on the first read, so nothing here knows the
# layout: a field added, removed or renamed in records.py is read right (a name the class
# no longer has raises AttributeError, as Python does). Typing a variable with one of
# these types makes Cython check what it is given is an instance (else TypeError): type
# only variables that hold the records themselves.

cdef extern from *:
    """
    #include "structmember.h"
    /* a field's cached place: the type whose own member descriptor of that name holds
       an object slot at offset off (type NULL: not found yet) */
    typedef struct { PyTypeObject *type; Py_ssize_t off; } hh_slot;

    static PyObject *hh_read_slow(PyObject *o, hh_slot *c, const char *name) {
        if (c->type == NULL) {
            PyTypeObject *t = Py_TYPE(o);
            PyObject *d = t->tp_dict ? PyDict_GetItemString(t->tp_dict, name) : NULL;
            if (d != NULL && Py_IS_TYPE(d, &PyMemberDescr_Type)
                    && ((PyDescrObject *)d)->d_type == t
                    && ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX) {
                Py_INCREF(t);  /* kept for good: the offset is this type's */
                c->off = ((PyMemberDescrObject *)d)->d_member->offset;
                c->type = t;
            }
        }
        return PyObject_GetAttrString(o, name);
    }

    /* o.name, a new reference (NULL with an exception set, as getattr) */
    static CYTHON_INLINE PyObject *hh_read(PyObject *o, hh_slot *c, const char *name) {
        if (Py_TYPE(o) == c->type) {
            PyObject *v = *(PyObject **)((char *)o + c->off);
            if (v != NULL) { Py_INCREF(v); return v; }
        }
        return hh_read_slow(o, c, name);
    }

    #define HH_FIELD(cls, f) static hh_slot hh_c_##cls##_##f; \
        static CYTHON_INLINE PyObject *hh_##cls##_##f(PyObject *o) { \
            return hh_read(o, &hh_c_##cls##_##f, #f); }
    HH_FIELD(Action, street) HH_FIELD(Action, player) HH_FIELD(Action, kind)
    HH_FIELD(Action, amount) HH_FIELD(Action, to_amount) HH_FIELD(Action, all_in)
    HH_FIELD(Action, post) HH_FIELD(Action, line)
    HH_FIELD(Seat, seat) HH_FIELD(Seat, player) HH_FIELD(Seat, stack)
    HH_FIELD(Seat, sitting_out)
    HH_FIELD(HandHistory, game) HH_FIELD(HandHistory, button) HH_FIELD(HandHistory, seats)
    HH_FIELD(HandHistory, actions) HH_FIELD(HandHistory, boards) HH_FIELD(HandHistory, shows)
    HH_FIELD(HandHistory, collects) HH_FIELD(HandHistory, rake) HH_FIELD(HandHistory, cash_outs)
    HH_FIELD(HandHistory, fees) HH_FIELD(HandHistory, pot_parts) HH_FIELD(HandHistory, pot_parts_basis)
    HH_FIELD(HandHistory, site_format) HH_FIELD(HandHistory, room_added) HH_FIELD(HandHistory, jackpot)
    HH_FIELD(HandHistory, pots_named) HH_FIELD(HandHistory, newest_first)
    HH_FIELD(HandHistory, returned) HH_FIELD(HandHistory, total_pot)
    HH_FIELD(Game, big_blind) HH_FIELD(Game, small_bet) HH_FIELD(Game, currency)
    HH_FIELD(Game, structure) HH_FIELD(Game, small_blind) HH_FIELD(Game, ante)
    HH_FIELD(Game, big_bet)
    HH_FIELD(Returned, amount)
    HH_FIELD(Collect, player) HH_FIELD(Collect, amount) HH_FIELD(Collect, pot)
    HH_FIELD(Collect, board) HH_FIELD(Collect, line) HH_FIELD(Collect, half)
    """
    object hh_Action_street(object o)
    object hh_Action_player(object o)
    object hh_Action_kind(object o)
    object hh_Action_amount(object o)
    object hh_Action_to_amount(object o)
    object hh_Action_all_in(object o)
    object hh_Action_post(object o)
    object hh_Action_line(object o)
    object hh_Seat_seat(object o)
    object hh_Seat_player(object o)
    object hh_Seat_stack(object o)
    object hh_Seat_sitting_out(object o)
    object hh_HandHistory_game(object o)
    object hh_HandHistory_button(object o)
    object hh_HandHistory_seats(object o)
    object hh_HandHistory_actions(object o)
    object hh_HandHistory_boards(object o)
    object hh_HandHistory_shows(object o)
    object hh_HandHistory_collects(object o)
    object hh_HandHistory_rake(object o)
    object hh_HandHistory_cash_outs(object o)
    object hh_HandHistory_fees(object o)
    object hh_HandHistory_pot_parts(object o)
    object hh_HandHistory_pot_parts_basis(object o)
    object hh_HandHistory_site_format(object o)
    object hh_HandHistory_room_added(object o)
    object hh_HandHistory_jackpot(object o)
    object hh_HandHistory_pots_named(object o)
    object hh_HandHistory_newest_first(object o)
    object hh_HandHistory_returned(object o)
    object hh_HandHistory_total_pot(object o)
    object hh_Game_big_blind(object o)
    object hh_Game_small_bet(object o)
    object hh_Game_currency(object o)
    object hh_Game_structure(object o)
    object hh_Game_small_blind(object o)
    object hh_Game_ante(object o)
    object hh_Game_big_bet(object o)
    object hh_Returned_amount(object o)
    object hh_Collect_player(object o)
    object hh_Collect_amount(object o)
    object hh_Collect_pot(object o)
    object hh_Collect_board(object o)
    object hh_Collect_line(object o)
    object hh_Collect_half(object o)

    ctypedef class hhtools.model.records.Action [object PyObject, check_size ignore]:
        @property
        cdef inline object street(self):
            return hh_Action_street(self)
        @property
        cdef inline object player(self):
            return hh_Action_player(self)
        @property
        cdef inline object kind(self):
            return hh_Action_kind(self)
        @property
        cdef inline object amount(self):
            return hh_Action_amount(self)
        @property
        cdef inline object to_amount(self):
            return hh_Action_to_amount(self)
        @property
        cdef inline object all_in(self):
            return hh_Action_all_in(self)
        @property
        cdef inline object post(self):
            return hh_Action_post(self)
        @property
        cdef inline object line(self):
            return hh_Action_line(self)

    ctypedef class hhtools.model.records.Seat [object PyObject, check_size ignore]:
        @property
        cdef inline object seat(self):
            return hh_Seat_seat(self)
        @property
        cdef inline object player(self):
            return hh_Seat_player(self)
        @property
        cdef inline object stack(self):
            return hh_Seat_stack(self)
        @property
        cdef inline object sitting_out(self):
            return hh_Seat_sitting_out(self)

    ctypedef class hhtools.model.records.HandHistory [object PyObject, check_size ignore]:
        @property
        cdef inline object game(self):
            return hh_HandHistory_game(self)
        @property
        cdef inline object button(self):
            return hh_HandHistory_button(self)
        @property
        cdef inline object seats(self):
            return hh_HandHistory_seats(self)
        @property
        cdef inline object actions(self):
            return hh_HandHistory_actions(self)
        @property
        cdef inline object boards(self):
            return hh_HandHistory_boards(self)
        @property
        cdef inline object shows(self):
            return hh_HandHistory_shows(self)
        @property
        cdef inline object collects(self):
            return hh_HandHistory_collects(self)
        @property
        cdef inline object rake(self):
            return hh_HandHistory_rake(self)
        @property
        cdef inline object cash_outs(self):
            return hh_HandHistory_cash_outs(self)
        @property
        cdef inline object fees(self):
            return hh_HandHistory_fees(self)
        @property
        cdef inline object pot_parts(self):
            return hh_HandHistory_pot_parts(self)
        @property
        cdef inline object pot_parts_basis(self):
            return hh_HandHistory_pot_parts_basis(self)
        @property
        cdef inline object site_format(self):
            return hh_HandHistory_site_format(self)
        @property
        cdef inline object room_added(self):
            return hh_HandHistory_room_added(self)
        @property
        cdef inline object jackpot(self):
            return hh_HandHistory_jackpot(self)
        @property
        cdef inline object pots_named(self):
            return hh_HandHistory_pots_named(self)
        @property
        cdef inline object newest_first(self):
            return hh_HandHistory_newest_first(self)
        @property
        cdef inline object returned(self):
            return hh_HandHistory_returned(self)
        @property
        cdef inline object total_pot(self):
            return hh_HandHistory_total_pot(self)

    ctypedef class hhtools.model.records.Game [object PyObject, check_size ignore]:
        @property
        cdef inline object big_blind(self):
            return hh_Game_big_blind(self)
        @property
        cdef inline object small_bet(self):
            return hh_Game_small_bet(self)
        @property
        cdef inline object currency(self):
            return hh_Game_currency(self)
        @property
        cdef inline object structure(self):
            return hh_Game_structure(self)
        @property
        cdef inline object small_blind(self):
            return hh_Game_small_blind(self)
        @property
        cdef inline object ante(self):
            return hh_Game_ante(self)
        @property
        cdef inline object big_bet(self):
            return hh_Game_big_bet(self)

    ctypedef class hhtools.model.records.Returned [object PyObject, check_size ignore]:
        @property
        cdef inline object amount(self):
            return hh_Returned_amount(self)

    ctypedef class hhtools.model.records.Collect [object PyObject, check_size ignore]:
        @property
        cdef inline object player(self):
            return hh_Collect_player(self)
        @property
        cdef inline object amount(self):
            return hh_Collect_amount(self)
        @property
        cdef inline object pot(self):
            return hh_Collect_pot(self)
        @property
        cdef inline object board(self):
            return hh_Collect_board(self)
        @property
        cdef inline object line(self):
            return hh_Collect_line(self)
        @property
        cdef inline object half(self):
            return hh_Collect_half(self)
