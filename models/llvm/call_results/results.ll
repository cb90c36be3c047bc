; ModuleID = 'results.c'
source_filename = "results.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@escaped_to = dso_local local_unnamed_addr global ptr null, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @clear_until(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call ptr @get() #8
  br label %4

4:                                                ; preds = %2, %9
  %5 = phi i64 [ 0, %2 ], [ %11, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %1
  br i1 %8, label %13, label %9

9:                                                ; preds = %4
  %10 = getelementptr inbounds nuw i32, ptr %3, i64 %5
  store i32 0, ptr %10, align 4, !tbaa !5
  %11 = add nuw nsw i64 %5, 1
  %12 = icmp eq i64 %11, 64
  br i1 %12, label %15, label %4, !llvm.loop !9

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %9, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %9 ]
  ret i32 %16
}

declare ptr @get() local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local i32 @clear_until_fresh(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call noalias ptr @get_fresh() #8
  br label %4

4:                                                ; preds = %2, %9
  %5 = phi i64 [ 0, %2 ], [ %11, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %1
  br i1 %8, label %13, label %9

9:                                                ; preds = %4
  %10 = getelementptr inbounds nuw i32, ptr %3, i64 %5
  store i32 0, ptr %10, align 4, !tbaa !5
  %11 = add nuw nsw i64 %5, 1
  %12 = icmp eq i64 %11, 64
  br i1 %12, label %15, label %4, !llvm.loop !12

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %9, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %9 ]
  ret i32 %16
}

declare noalias ptr @get_fresh() local_unnamed_addr #1

; Function Attrs: nofree nounwind memory(write, argmem: readwrite, inaccessiblemem: readwrite, target_mem0: none, target_mem1: none) uwtable
define dso_local noalias noundef ptr @open_state(ptr noundef readonly captures(none) %0) local_unnamed_addr #2 {
  %2 = tail call noalias dereferenceable_or_null(24) ptr @malloc(i64 noundef 24) #9
  %3 = icmp eq ptr %2, null
  br i1 %3, label %14, label %4

4:                                                ; preds = %1
  %5 = getelementptr inbounds nuw i8, ptr %2, i64 16
  store i32 0, ptr %5, align 8, !tbaa !13
  br label %6

6:                                                ; preds = %10, %4
  %7 = phi ptr [ %0, %4 ], [ %11, %10 ]
  %8 = load i8, ptr %7, align 1, !tbaa !17
  switch i8 %8, label %10 [
    i8 0, label %12
    i8 114, label %9
    i8 120, label %12
  ]

9:                                                ; preds = %6
  store i32 1, ptr %5, align 8, !tbaa !13
  br label %10

10:                                               ; preds = %6, %9
  %11 = getelementptr inbounds nuw i8, ptr %7, i64 1
  br label %6, !llvm.loop !18

12:                                               ; preds = %6, %6
  %13 = tail call ptr @__errno_location() #10
  store i32 0, ptr %13, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %1, %12
  ret ptr %2
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nofree nosync nounwind willreturn memory(none)
declare ptr @__errno_location() local_unnamed_addr #4

; Function Attrs: nofree nounwind memory(write, argmem: read, inaccessiblemem: readwrite, target_mem0: none, target_mem1: none) uwtable
define dso_local noalias noundef ptr @copy_until(ptr noundef readonly align 4 captures(none) dereferenceable(256) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #5 {
  %4 = tail call i32 @llvm.smin.i32(i32 %1, i32 64)
  %5 = sext i32 %4 to i64
  %6 = shl nsw i64 %5, 2
  %7 = tail call noalias ptr @malloc(i64 noundef %6) #9
  %8 = icmp ne ptr %7, null
  %9 = icmp sgt i32 %1, 0
  %10 = and i1 %8, %9
  br i1 %10, label %11, label %22

11:                                               ; preds = %3
  %12 = zext nneg i32 %4 to i64
  br label %13

13:                                               ; preds = %11, %18
  %14 = phi i64 [ 0, %11 ], [ %20, %18 ]
  %15 = getelementptr inbounds nuw i32, ptr %0, i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !5
  %17 = icmp eq i32 %16, %2
  br i1 %17, label %22, label %18

18:                                               ; preds = %13
  %19 = getelementptr inbounds nuw i32, ptr %7, i64 %14
  store i32 %16, ptr %19, align 4, !tbaa !5
  %20 = add nuw nsw i64 %14, 1
  %21 = icmp eq i64 %20, %12
  br i1 %21, label %22, label %13, !llvm.loop !19

22:                                               ; preds = %13, %18, %3
  ret ptr %7
}

; Function Attrs: nofree nosync nounwind memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i32 @skip_err(ptr noundef readonly align 1 captures(none) dereferenceable(64) %0, i32 noundef %1) local_unnamed_addr #6 {
  %3 = tail call ptr @__errno_location() #10
  br label %4

4:                                                ; preds = %2, %10
  %5 = phi i64 [ 0, %2 ], [ %11, %10 ]
  store i32 0, ptr %3, align 4, !tbaa !5
  %6 = getelementptr inbounds nuw i8, ptr %0, i64 %5
  %7 = load i8, ptr %6, align 1, !tbaa !17
  %8 = sext i8 %7 to i32
  %9 = icmp eq i32 %1, %8
  br i1 %9, label %13, label %10

10:                                               ; preds = %4
  %11 = add nuw nsw i64 %5, 1
  %12 = icmp eq i64 %11, 64
  br i1 %12, label %15, label %4, !llvm.loop !20

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %10, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %10 ]
  ret i32 %16
}

; Function Attrs: nofree nosync nounwind memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i32 @skip_err_restrict(ptr noalias noundef readonly align 1 captures(none) dereferenceable(64) %0, i32 noundef %1) local_unnamed_addr #6 {
  %3 = tail call ptr @__errno_location() #10
  store i32 0, ptr %3, align 4, !tbaa !5
  br label %4

4:                                                ; preds = %2, %10
  %5 = phi i64 [ 0, %2 ], [ %11, %10 ]
  %6 = getelementptr inbounds nuw i8, ptr %0, i64 %5
  %7 = load i8, ptr %6, align 1, !tbaa !17
  %8 = sext i8 %7 to i32
  %9 = icmp eq i32 %1, %8
  br i1 %9, label %13, label %10

10:                                               ; preds = %4
  %11 = add nuw nsw i64 %5, 1
  %12 = icmp eq i64 %11, 64
  br i1 %12, label %15, label %4, !llvm.loop !21

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %10, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %10 ]
  ret i32 %16
}

; Function Attrs: nounwind uwtable
define dso_local i32 @count_before(i32 noundef %0) local_unnamed_addr #0 {
  %2 = tail call ptr @vec_data() #8
  %3 = getelementptr inbounds i8, ptr %2, i64 -4
  %4 = load i32, ptr %3, align 4, !tbaa !5
  %5 = icmp sgt i32 %4, 0
  br i1 %5, label %6, label %18

6:                                                ; preds = %1
  %7 = zext nneg i32 %4 to i64
  br label %8

8:                                                ; preds = %6, %13
  %9 = phi i64 [ 0, %6 ], [ %14, %13 ]
  %10 = getelementptr inbounds nuw i32, ptr %2, i64 %9
  %11 = load i32, ptr %10, align 4, !tbaa !5
  %12 = icmp eq i32 %11, %0
  br i1 %12, label %16, label %13

13:                                               ; preds = %8
  %14 = add nuw nsw i64 %9, 1
  %15 = icmp eq i64 %14, %7
  br i1 %15, label %18, label %8, !llvm.loop !22

16:                                               ; preds = %8
  %17 = trunc nuw nsw i64 %9 to i32
  br label %18

18:                                               ; preds = %13, %16, %1
  %19 = phi i32 [ 0, %1 ], [ %17, %16 ], [ %4, %13 ]
  ret i32 %19
}

declare ptr @vec_data() local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local i32 @escape_then_get(i32 noundef %0) local_unnamed_addr #0 {
  %2 = tail call noalias ptr @get_fresh() #8
  store ptr %2, ptr @escaped_to, align 8, !tbaa !23
  %3 = tail call ptr @get() #8
  br label %4

4:                                                ; preds = %1, %9
  %5 = phi i64 [ 0, %1 ], [ %10, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %2, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %0
  br i1 %8, label %13, label %9

9:                                                ; preds = %4
  %10 = add nuw nsw i64 %5, 1
  %11 = getelementptr inbounds nuw i32, ptr %3, i64 %10
  store i32 %0, ptr %11, align 4, !tbaa !5
  %12 = icmp eq i64 %10, 64
  br i1 %12, label %15, label %4, !llvm.loop !25

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %9, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %9 ]
  ret i32 %16
}

; Function Attrs: nounwind uwtable
define dso_local i32 @fresh_then_get(i32 noundef %0) local_unnamed_addr #0 {
  %2 = tail call noalias ptr @get_fresh() #8
  %3 = tail call ptr @get() #8
  br label %4

4:                                                ; preds = %1, %9
  %5 = phi i64 [ 0, %1 ], [ %10, %9 ]
  %6 = getelementptr inbounds nuw i32, ptr %2, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !5
  %8 = icmp eq i32 %7, %0
  br i1 %8, label %13, label %9

9:                                                ; preds = %4
  %10 = add nuw nsw i64 %5, 1
  %11 = getelementptr inbounds nuw i32, ptr %3, i64 %10
  store i32 %0, ptr %11, align 4, !tbaa !5
  %12 = icmp eq i64 %10, 64
  br i1 %12, label %15, label %4, !llvm.loop !26

13:                                               ; preds = %4
  %14 = trunc nuw nsw i64 %5 to i32
  br label %15

15:                                               ; preds = %9, %13
  %16 = phi i32 [ %14, %13 ], [ 64, %9 ]
  ret i32 %16
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind memory(write, argmem: readwrite, inaccessiblemem: readwrite, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree nosync nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind memory(write, argmem: read, inaccessiblemem: readwrite, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nosync nounwind memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { nounwind }
attributes #9 = { nounwind allocsize(0) }
attributes #10 = { nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = distinct !{!12, !10, !11}
!13 = !{!14, !6, i64 16}
!14 = !{!"state", !6, i64 0, !15, i64 8, !6, i64 16}
!15 = !{!"p1 omnipotent char", !16, i64 0}
!16 = !{!"any pointer", !7, i64 0}
!17 = !{!7, !7, i64 0}
!18 = distinct !{!18, !10, !11}
!19 = distinct !{!19, !10, !11}
!20 = distinct !{!20, !10, !11}
!21 = distinct !{!21, !10, !11}
!22 = distinct !{!22, !10, !11}
!23 = !{!24, !24, i64 0}
!24 = !{!"p1 int", !16, i64 0}
!25 = distinct !{!25, !10, !11}
!26 = distinct !{!26, !10, !11}
