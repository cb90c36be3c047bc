; ModuleID = 'find_if_vector.scalar.ll'
source_filename = "c/find_if_vector.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local range(i64 -2305843009213693952, 2305843009213693952) i64 @find_if_vector(ptr noundef nonnull readonly align 8 captures(none) dereferenceable(24) %0) local_unnamed_addr #0 {
  %2 = load ptr, ptr %0, align 8, !tbaa !9
  %3 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %4 = load ptr, ptr %3, align 8, !tbaa !9
  %5 = ptrtoint ptr %4 to i64
  %6 = ptrtoint ptr %2 to i64
  %7 = sub i64 %5, %6
  %8 = ashr i64 %7, 4
  %9 = icmp sgt i64 %8, 0
  br i1 %9, label %10, label %37

10:                                               ; preds = %1
  %11 = and i64 %7, -16
  %12 = getelementptr i8, ptr %2, i64 %11
  br label %13

13:                                               ; preds = %30, %10
  %14 = phi i64 [ %32, %30 ], [ %8, %10 ]
  %15 = phi ptr [ %31, %30 ], [ %2, %10 ]
  %16 = load i32, ptr %15, align 4, !tbaa !5
  %17 = icmp slt i32 %16, 0
  br i1 %17, label %66, label %18

18:                                               ; preds = %13
  %19 = getelementptr inbounds nuw i8, ptr %15, i64 4
  %20 = load i32, ptr %19, align 4, !tbaa !5
  %21 = icmp slt i32 %20, 0
  br i1 %21, label %57, label %22

22:                                               ; preds = %18
  %23 = getelementptr inbounds nuw i8, ptr %15, i64 8
  %24 = load i32, ptr %23, align 4, !tbaa !5
  %25 = icmp slt i32 %24, 0
  br i1 %25, label %60, label %26

26:                                               ; preds = %22
  %27 = getelementptr inbounds nuw i8, ptr %15, i64 12
  %28 = load i32, ptr %27, align 4, !tbaa !5
  %29 = icmp slt i32 %28, 0
  br i1 %29, label %63, label %30

30:                                               ; preds = %26
  %31 = getelementptr inbounds nuw i8, ptr %15, i64 16
  %32 = add nsw i64 %14, -1
  %33 = icmp sgt i64 %14, 1
  br i1 %33, label %13, label %34, !llvm.loop !12

34:                                               ; preds = %30
  %35 = ptrtoint ptr %12 to i64
  %36 = sub i64 %5, %35
  br label %37

37:                                               ; preds = %34, %1
  %38 = phi i64 [ %36, %34 ], [ %7, %1 ]
  %39 = phi ptr [ %12, %34 ], [ %2, %1 ]
  %40 = ashr exact i64 %38, 2
  switch i64 %40, label %68 [
    i64 3, label %41
    i64 2, label %46
    i64 1, label %52
  ]

41:                                               ; preds = %37
  %42 = load i32, ptr %39, align 4, !tbaa !5
  %43 = icmp slt i32 %42, 0
  br i1 %43, label %68, label %44

44:                                               ; preds = %41
  %45 = getelementptr inbounds nuw i8, ptr %39, i64 4
  br label %46

46:                                               ; preds = %44, %37
  %47 = phi ptr [ %45, %44 ], [ %39, %37 ]
  %48 = load i32, ptr %47, align 4, !tbaa !5
  %49 = icmp slt i32 %48, 0
  br i1 %49, label %68, label %50

50:                                               ; preds = %46
  %51 = getelementptr inbounds nuw i8, ptr %47, i64 4
  br label %52

52:                                               ; preds = %50, %37
  %53 = phi ptr [ %51, %50 ], [ %39, %37 ]
  %54 = load i32, ptr %53, align 4, !tbaa !5
  %55 = icmp slt i32 %54, 0
  %56 = select i1 %55, ptr %53, ptr %4
  br label %68

57:                                               ; preds = %18
  %58 = phi ptr [ %15, %18 ]
  %59 = getelementptr inbounds nuw i8, ptr %58, i64 4
  br label %68

60:                                               ; preds = %22
  %61 = phi ptr [ %15, %22 ]
  %62 = getelementptr inbounds nuw i8, ptr %61, i64 8
  br label %68

63:                                               ; preds = %26
  %64 = phi ptr [ %15, %26 ]
  %65 = getelementptr inbounds nuw i8, ptr %64, i64 12
  br label %68

66:                                               ; preds = %13
  %67 = phi ptr [ %15, %13 ]
  br label %68

68:                                               ; preds = %66, %63, %60, %57, %52, %46, %41, %37
  %69 = phi ptr [ %47, %46 ], [ %56, %52 ], [ %4, %37 ], [ %39, %41 ], [ %65, %63 ], [ %62, %60 ], [ %59, %57 ], [ %67, %66 ]
  %70 = ptrtoint ptr %69 to i64
  %71 = sub i64 %70, %6
  %72 = ashr exact i64 %71, 2
  ret i64 %72
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"p1 int", !11, i64 0}
!11 = !{!"any pointer", !7, i64 0}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
